// `import Photos` on Linux: assets as values (`PHAsset`) and the photo library's authorisation, which a scenario
// scripts as the mock `PHPhotoLibrary` (see PHPhotoLibrary.swift). It exists only when the package manifest is
// evaluated on Linux; on Apple platforms `import Photos` is Apple's framework. There is no photo library to fetch
// from, and no images to request: `PHAsset.fetchAssets`, `PHImageManager` and `PHPickerViewController` do not exist
// here (mock the repository that wraps them).
@_exported import Foundation
import FrameworkSeam

/// The app's authorisation to use the photo library.
public enum PHAuthorizationStatus: Int, Sendable, CaseIterable {
    /// The user has not chosen yet.
    case notDetermined = 0
    /// The app may not use the library, and the user cannot change that.
    case restricted = 1
    /// The user denied the app the library.
    case denied = 2
    /// The user granted the app the library.
    case authorized = 3
    /// The user granted the app the photos they chose.
    case limited = 4
}

/// What the app asks to do with the library.
public enum PHAccessLevel: Int, Sendable {
    /// Only add to it.
    case addOnly = 1
    /// Read it and change it.
    case readWrite = 2
}

/// What an asset holds.
public enum PHAssetMediaType: Int, Sendable {
    case unknown = 0, image, video, audio
}

/// What a scenario scripts for the photo library's answers, named after the value it stands for (so that a value
/// that does not fit reads `does not decode into PHAuthorizationStatus: …`).
enum Scripted {
    /// A status by its case name: `"authorized"`.
    struct PHAuthorizationStatus: Decodable, Sendable {
        let status: Photos.PHAuthorizationStatus

        init(from decoder: any Decoder) throws {
            status = try decoder.scriptedCase(of: Photos.PHAuthorizationStatus.self)
        }
    }
}
