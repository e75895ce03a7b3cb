#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One fuzzed entry point: it gets the raw input and must trap on any bug it detects.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let run: @Sendable (UnsafeBufferPointer<UInt8>) -> Void
}

/// Every target, by the name `AIRFIT_FUZZ_TARGET` takes.
let fuzzTargets: [FuzzTarget] = [
    FuzzTarget(name: "sse", summary: "WHATWG SSE parser (byte 0 picks the chunking)", run: SSEFuzz.run),
    FuzzTarget(name: "ndjson", summary: "NDJSON line splitter (byte 0 picks the chunking)", run: NDJSONFuzz.run),
    FuzzTarget(
        name: "decoders",
        summary: "provider stream decoders as AIClient runs them (byte 0 picks the provider, byte 1 the chunking)",
        run: DecoderFuzz.run),
    FuzzTarget(name: "archive", summary: "export archive decoding and ArchiveValidator, as `airfit import`", run: ArchiveFuzz.run),
    FuzzTarget(name: "onboarding", summary: "stored onboarding drafts: decode, repair, validate, flow", run: OnboardingFuzz.run),
    FuzzTarget(
        name: "webauthn", summary: "passkey answers: CBOR, authenticator data, COSE keys, attestation objects, credential JSON",
        run: WebAuthnFuzz.run),
    // Not in scripts/fuzz.sh's list: `AIRFIT_FUZZ_TARGETS=selftest scripts/fuzz.sh 5` shows how a crash is reported.
    FuzzTarget(name: "selftest", summary: "fails on any input starting with \"!\" (checks the crash reporting)") { input in
        check(input.first != UInt8(ascii: "!"), "selftest input starts with \"!\"")
    },
]

/// The target named by `AIRFIT_FUZZ_TARGET`, resolved once.
let selectedTarget: FuzzTarget = {
    let name = getenv("AIRFIT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    if let target = fuzzTargets.first(where: { $0.name == name }) { return target }
    var message = "AirFitFuzz: set AIRFIT_FUZZ_TARGET to one of:\n"
    for target in fuzzTargets { message += "  \(target.name)\t\(target.summary)\n" }
    printError(message)
    exit(2)
}()

/// libFuzzer's usual entry point; main.swift passes it to the driver (the C name also lets a plain
/// `swiftc -sanitize=fuzzer -parse-as-library` build use libFuzzer's own main).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selectedTarget.run(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
    return 0
}

/// Stops the run with a message when an invariant the code documents does not hold (libFuzzer keeps the input).
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        printError("AirFitFuzz invariant failed at \(file):\(line): \(message())\n")
        abort()
    }
}

/// Writes to standard error, unbuffered (the process may abort right after).
func printError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// `AIRFIT_FUZZ_TRACE=1` prints how far each input got (to check that seeds reach the deep paths).
let tracing = getenv("AIRFIT_FUZZ_TRACE") != nil

func trace(_ message: @autoclosure () -> String) {
    if tracing { printError("trace: \(message())\n") }
}
