import CLibFuzzer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libFuzzer's own `main`, reached through its driver: every libFuzzer flag works as usual
// (`-max_total_time=…`, `-runs=…`, a crash file to reproduce, corpus directories).
_ = selectedTarget
var arguments = CommandLine.argc
var argumentValues: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&arguments, &argumentValues) { data, size in fuzzTestOneInput(data, size) })
