import Foundation

/// Seed 004's ViewModel as its author wrote it: a plain array, four requests through a callback-style service, and
/// a `completion` the view reloads in.
///
/// Its bugs are kept so that scenarios show them: `completion` runs only when four people are already there when
/// the requests have merely *started* (the first tap never reloads; the second reloads with the old four while
/// four more arrive), and `person.count > 4` resets only a list that has grown past four.
final class RandomPeopleViewModel {
    var person: [Person] = []
    let userCount = 4
    private let service: RandomUserServiceProtocol

    init(service: RandomUserServiceProtocol) {
        self.service = service
    }

    var numberOfSections: Int {
        return self.person.count
    }

    func networkRandomUser(completion: @escaping () -> Void) {
        guard let url = URL(string: "https://randomuser.me/api/") else {
            fatalError("Can't find URL")
        }
        if person.count > 4 {
            self.person = []
        }

        for _ in 1...userCount {
            service.getRandomPerson(url: url) { randomUser in
                if let randomUser = randomUser {
                    let result = randomUser.results[0]
                    let newPerson = Person(
                        name: result.name.first + " " + result.name.last, profileImage: result.picture.thumbnail,
                        emailAddress: result.email)
                    self.person.append(newPerson)
                }
            }
        }

        if person.count == 4 {
            completion()
        }
    }
}
