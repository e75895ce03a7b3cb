// swift-tools-version: 6.0
// libFuzzer harness for AirFit's untrusted-input parsers. Built and run by scripts/fuzz.sh; see Fuzz/README.md.
import PackageDescription

let package = Package(
    name: "AirFitFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "AirFit", path: "..")
    ],
    targets: [
        // Declares libFuzzer's LLVMFuzzerRunDriver for Swift.
        .target(name: "CLibFuzzer"),
        // One binary; AIRFIT_FUZZ_TARGET picks the parser. Build with -Xswiftc -sanitize=fuzzer,address: its
        // main.swift hands control to libFuzzer's driver (SwiftPM links every executable with its own main).
        .executableTarget(
            name: "AirFitFuzz",
            dependencies: [
                "CLibFuzzer",
                .product(name: "AirFitCore", package: "AirFit"),
                .product(name: "AirFitAI", package: "AirFit"),
                .product(name: "AirFitWebAuthn", package: "AirFit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
