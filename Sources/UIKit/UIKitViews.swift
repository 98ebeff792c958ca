// Views, view controllers and drawing do not exist on Linux: each is declared unavailable (open, with an initialiser
// that takes anything, so that subclassing or making one reaches the availability check first), and a file using one
// stops with a message that says what to do instead of "cannot find 'UILabel' in scope":
//
//     error: 'UILabel' is unavailable: UIKit views do not build on Linux: exclude the files that use them from the
//     ViewModel target
//
// A ViewModel file never needs them; the view and view controller files stay out of the target (`exclude:`).

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIViewController {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UITableView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UITableViewCell {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UICollectionView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UICollectionViewCell {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UILabel {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIButton {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIImageView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UITextField {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UITextView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIStackView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIScrollView {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UINavigationController {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UITabBarController {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIAlertController {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIWindow {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIStoryboard {
    public init(_ arguments: Any...) {}
}

/// Unavailable on Linux: UIKit drawing do not build here.
@available(
    *, unavailable,
    message: "UIKit drawing do not build on Linux: exclude the files that use them from the ViewModel target"
)
open class UIGraphicsImageRenderer {
    public init(_ arguments: Any...) {}
}

extension UITableViewDiffableDataSource {
    /// Unavailable on Linux, where there are no table views: a scenario's catalog makes the data source with `init()`.
    @available(
        *, unavailable,
        message: "there are no table views on Linux: make the data source with init() in the catalog"
    )
    public convenience init(
        tableView: UITableView, cellProvider: @escaping (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    ) {
        self.init()
    }
}

extension UICollectionViewDiffableDataSource {
    /// Unavailable on Linux, where there are no collection views: a scenario's catalog makes the data source with
    /// `init()`.
    @available(
        *, unavailable,
        message: "there are no collection views on Linux: make the data source with init() in the catalog"
    )
    public convenience init(
        collectionView: UICollectionView,
        cellProvider: @escaping (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    ) {
        self.init()
    }
}
