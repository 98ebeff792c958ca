// On Apple platforms CombineCompat is Apple's Combine: ViewModels write `import CombineCompat` and get the
// real framework. Everywhere else (Linux) every other file of this module is the implementation, each
// wrapped in `#if !canImport(Combine)` so that the two never clash.
#if canImport(Combine)
@_exported import Combine
#endif
