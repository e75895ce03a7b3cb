import AirFitCore
import ArgumentParser

/// The `airfit` command line: one root with a subcommand per task.
@main
struct AirFitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airfit",
        abstract: "AirFit — a personal AI fitness coach whose personality you design.",
        version: AirFitVersion.current,
        subcommands: [
            ServeCommand.self, KeysCommand.self, ExportCommand.self, ImportCommand.self, DeleteAllDataCommand.self,
            LocationCommand.self,
            DoctorCommand.self, DebugCommand.self, WeatherCommand.self, ProvidersCommand.self, AskCommand.self,
            OnboardCommand.self, PersonaCommand.self, PlanCommand.self, ChatCommand.self, MailCommand.self, MembersCommand.self,
            UsageCommand.self, NotificationsCommand.self,
        ]
    )
}
