#ifndef AIRFIT_CLIBFUZZER_H
#define AIRFIT_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver entry point (LLVM 11 and later, in libclang_rt.fuzzer): runs the fuzzing loop with the
/// usual command-line flags, calling `callback` for each input. Lets the harness keep its own `main`, which
/// SwiftPM's executable linking requires.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
