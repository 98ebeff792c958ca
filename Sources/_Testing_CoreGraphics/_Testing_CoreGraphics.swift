// Swift Testing declares cross-import overlays for UIKit and CoreGraphics (the toolchain's
// Testing.swiftcrossimport): a file that imports both Testing and CoreGraphics (UIKit and SwiftUI re-export it) makes
// the compiler load `_Testing_CoreGraphics`, which on Apple platforms makes Core Graphics images attachable. On Linux
// the toolchain has none, so such a test file would fail with "no such module '_Testing_CoreGraphics'". This empty
// module is that overlay on Linux: there is nothing to attach.
