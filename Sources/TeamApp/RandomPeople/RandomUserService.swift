import Foundation

// Seed 004's service and its response DTO: randomuser.me answers with one person per call, through a completion
// handler that gets `nil` when the request fails.

struct Person: Codable {
    let name: String
    let profileImage: String
    let emailAddress: String
}

struct RandomUserResponseDTO: Codable {
    struct Result: Codable {
        struct Name: Codable {
            let first: String
            let last: String
        }

        struct Picture: Codable {
            let thumbnail: String
        }

        let name: Name
        let email: String
        let picture: Picture
    }

    let results: [Result]
}

protocol RandomUserServiceProtocol {
    func getRandomPerson(url: URL, completion: @escaping (RandomUserResponseDTO?) -> Void)
}
