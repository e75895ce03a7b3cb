public enum AirFitCoreVersion { public static let string = "0.1.0" }
