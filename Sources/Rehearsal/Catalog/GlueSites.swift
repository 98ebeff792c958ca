/// Where a scenario's glue lives (its catalog entry and scripted mocks) and where its ViewModel does, so that a worker
/// that crashes can say whose code stopped it: the runtime's message names a file and line, and this says whether that
/// file is the team's glue.
///
/// The glue is the modules of the catalog entry and of the mocks (when the ViewModel is in another module, as in a
/// team's package: `StoreCatalog` beside `ReviewsFeature`) and the file that declares the entry; a file beside it in
/// its folder counts too when the modules differ. Mock files inside the ViewModel's own module are not known.
public struct GlueSites: Codable, Equatable, Sendable {
    /// The module the ViewModel type is declared in (`ReviewsFeature`).
    public var viewModelModule: String?
    /// The modules of the catalog entry and of the mocks, in the order found.
    public var modules: [String] = []
    /// The file declaring the catalog entry: as `#fileID` (`StoreCatalog/StoreCatalog.swift`) and as `#filePath`.
    public var files: [String] = []
    /// The mock classes the factory made, unqualified (`StoreRepositoryMock`).
    public var mockTypes: [String] = []

    /// Creates an empty set of sites.
    public init() {}

    /// The module of a qualified type name (`StoreCatalog.StoreRepositoryMock` → `StoreCatalog`).
    static func module(ofType qualified: String) -> String? {
        qualified.split(separator: ".", maxSplits: 1).first.map(String.init)
    }

    /// Adds `module` once.
    mutating func add(module: String?) {
        if let module, !modules.contains(module) { modules.append(module) }
    }
}

/// Where a catalog entry is declared, and its ViewModel's type.
public struct CatalogDeclaration: Sendable, Equatable {
    /// `#fileID` of the entry (`StoreCatalog/StoreCatalog.swift`).
    public var fileID: String
    /// `#filePath` of the entry.
    public var filePath: String
    /// The ViewModel type, qualified (`ReviewsFeature.ContributorsViewModel`).
    public var viewModelType: String

    /// The glue this declaration shows: the entry's module and file, and the ViewModel's module.
    var sites: GlueSites {
        var sites = GlueSites()
        sites.viewModelModule = GlueSites.module(ofType: viewModelType)
        let entryModule = fileID.split(separator: "/").first.map(String.init)
        if entryModule != sites.viewModelModule { sites.add(module: entryModule) }
        sites.files = [fileID, filePath]
        return sites
    }
}
