// Views, view controllers and drawing do not exist on Linux: each is declared unavailable, so that a file using one
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
public final class UIView {}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIViewController {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UITableView {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UITableViewCell {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UICollectionView {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UICollectionViewCell {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UILabel {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIButton {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIImageView {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UITextField {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UITextView {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIStackView {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIScrollView {}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UINavigationController {}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UITabBarController {}

/// Unavailable on Linux: UIKit view controllers do not build here.
@available(
    *, unavailable,
    message: "UIKit view controllers do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIAlertController {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIWindow {}

/// Unavailable on Linux: UIKit views do not build here.
@available(
    *, unavailable,
    message: "UIKit views do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIStoryboard {}

/// Unavailable on Linux: UIKit drawing do not build here.
@available(
    *, unavailable,
    message: "UIKit drawing do not build on Linux: exclude the files that use them from the ViewModel target"
)
public final class UIGraphicsImageRenderer {}

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
