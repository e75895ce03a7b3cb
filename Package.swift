// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AirFit",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "airfit", targets: ["airfit"]),
        .library(name: "AirFitCore", targets: ["AirFitCore"]),
        .library(name: "AirFitAI", targets: ["AirFitAI"]),
        .library(name: "AirFitWebAuthn", targets: ["AirFitWebAuthn"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/fluent-kit.git", from: "1.48.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.7.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.9.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.0.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // Already in the graph through the packages above; named because our targets import them directly.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.28.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    ],
    targets: [
        // Domain: models, unit conversion, flows, repository protocols. Foundation only.
        // The 10,000 most common passwords (SecLists, MIT) are compiled in: new passwords are checked against them.
        .target(name: "AirFitCore", resources: [.embedInCode("Resources/common-passwords.txt")]),
        // LLM providers, streaming decoders, retries, key rules.
        .target(
            name: "AirFitAI",
            dependencies: [
                "AirFitCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Weather providers and cache.
        .target(
            name: "AirFitWeather",
            dependencies: [
                "AirFitCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Email: RFC 5322 rendering, an SMTP client on SwiftNIO (STARTTLS, implicit TLS, AUTH), the file outbox.
        .target(
            name: "AirFitMail",
            dependencies: [
                "AirFitCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // WebAuthn relying party: CBOR, COSE keys, attestation and assertion checks (passkeys).
        .target(
            name: "AirFitWebAuthn",
            dependencies: [
                "AirFitCore", .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        .testTarget(name: "AirFitWebAuthnTests", dependencies: ["AirFitWebAuthn", "AirFitCore"]),
        // Web Push: RFC 8291 message encryption (aes128gcm, RFC 8188) and RFC 8292 VAPID, on swift-crypto.
        .target(
            name: "AirFitPush",
            dependencies: [
                "AirFitCore", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "AirFitPushTests",
            dependencies: [
                "AirFitPush", "AirFitCore", "AirFitTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"), .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Persistence: FluentKit on SQLite or PostgreSQL, the key vault, export and import.
        .target(
            name: "AirFitStore",
            dependencies: [
                "AirFitCore",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The coach: chat engine, tools, goal analysis.
        .target(
            name: "AirFitCoach",
            dependencies: ["AirFitCore", "AirFitAI", "AirFitWeather", .product(name: "Metrics", package: "swift-metrics")]
        ),
        // The web app. Its Templates/ and Assets/ folders are embedded at build time (the EmbedFiles plugin), so the
        // binary serves every page wherever it is copied.
        .target(
            name: "AirFitServer",
            dependencies: [
                "AirFitCore", "AirFitAI", "AirFitCoach", "AirFitWeather", "AirFitOIDC", "AirFitWebAuthn", "AirFitPush",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Templates", "Assets"],
            // The API's OpenAPI document (`openapi.yaml` at the root links to it), compiled in like the templates.
            resources: [.embedInCode("APIDocs/openapi.yaml")],
            plugins: ["EmbedFiles"]
        ),
        // OpenID Connect sign-in: provider configuration, discovery, PKCE, token exchange, ID token verification.
        .target(
            name: "AirFitOIDC",
            dependencies: [
                "AirFitCore",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Writes the Swift file that embeds the server's templates and assets.
        .executableTarget(name: "FileEmbedder"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["FileEmbedder"]),
        .executableTarget(
            name: "airfit",
            dependencies: [
                "AirFitCore", "AirFitStore", "AirFitAI", "AirFitWeather", "AirFitCoach", "AirFitServer", "AirFitMail", "AirFitOIDC",
                "AirFitPush",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .executableTarget(
            name: "AirFitBench",
            dependencies: [
                "AirFitCore", "AirFitStore", "AirFitAI", .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Test doubles shared by the test targets: a real fake-provider HTTP server, a lock box, a zip reader (Python's).
        .target(
            name: "AirFitTestSupport",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log")],
            path: "Tests/AirFitTestSupport"
        ),
        .testTarget(name: "AirFitCoreTests", dependencies: ["AirFitCore", "AirFitTestSupport"]),
        .testTarget(
            name: "AirFitAITests",
            dependencies: ["AirFitAI", "AirFitTestSupport", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "AirFitWeatherTests",
            dependencies: ["AirFitWeather", "AirFitTestSupport", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "AirFitMailTests",
            dependencies: ["AirFitMail", "AirFitCore", "AirFitTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "AirFitStoreTests", dependencies: ["AirFitStore", "AirFitTestSupport"]),
        .testTarget(name: "AirFitCoachTests", dependencies: ["AirFitCoach", "AirFitStore", "AirFitWeather"]),
        .testTarget(
            name: "AirFitServerTests",
            dependencies: [
                "AirFitServer", "AirFitStore", "AirFitWeather", "AirFitTestSupport", "AirFitOIDC", "AirFitPush",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .testTarget(
            name: "AirFitOIDCTests",
            dependencies: [
                "AirFitOIDC", "AirFitCore", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Every target of ours builds with the language's upcoming rules: existentials spelled `any`, members visible only
// through modules the file imports, and imports internal unless a file re-exports them with `public import`.
for target in package.targets where target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
