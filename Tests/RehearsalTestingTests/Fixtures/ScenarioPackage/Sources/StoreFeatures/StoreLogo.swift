import UIKit.UIImage

/// The store's logo from the asset catalog, as a symbol when there is none.
enum StoreLogo {
    static func image(named name: String) -> UIImage? {
        UIImage(named: name)?.withRenderingMode(.alwaysOriginal) ?? UIImage(systemName: "storefront")
    }
}
