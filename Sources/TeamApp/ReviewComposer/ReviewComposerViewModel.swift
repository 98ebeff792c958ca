import Combine
import Foundation

protocol ReviewPostingService {
    func post(storeId: Int, text: String, completion: @escaping (Result<Review, Error>) -> Void)
}

/// Writing a review: the draft autosaves half a second after typing stops, and a "Posted" banner hides itself two
/// seconds after the post succeeds, both with `DispatchQueue.main.asyncAfter`.
final class ReviewComposerViewModel: ObservableObject {
    @Published var text = ""
    @Published private(set) var isPosting = false
    @Published private(set) var banner: String?

    private let storeId: Int
    private let service: ReviewPostingService
    private let drafts: ReviewDraftSaving
    private var autosave: DispatchWorkItem?

    init(storeId: Int, service: ReviewPostingService, drafts: ReviewDraftSaving) {
        self.storeId = storeId
        self.service = service
        self.drafts = drafts
    }

    func textChanged(_ newText: String) {
        text = newText
        autosave?.cancel()
        let work = DispatchWorkItem { [weak self] in
            guard let self else { return }
            self.drafts.saveDraft(storeId: self.storeId, text: self.text)
        }
        autosave = work
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(500), execute: work)
    }

    func post() {
        guard !isPosting, !text.isEmpty else { return }
        isPosting = true
        service.post(storeId: storeId, text: text) { [weak self] result in
            DispatchQueue.main.async {
                guard let self else { return }
                self.isPosting = false
                switch result {
                case .success:
                    self.text = ""
                    self.banner = "Posted"
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in
                        self?.banner = nil
                    }
                case .failure(let error):
                    self.banner = error.localizedDescription
                }
            }
        }
    }
}

protocol ReviewDraftSaving {
    func saveDraft(storeId: Int, text: String)
}
