import CombineCompat

// A file of the same module that keeps `import CombineCompat`: both import lines work side by side.

let compatAnyPublisher = CombineCompat.AnyPublisher<Int, Never>.self
let compatPassthroughSubject = CombineCompat.PassthroughSubject<Int, Never>.self
let compatSubscription = (any CombineCompat.Subscription).self
let compatDemand = CombineCompat.Subscribers.Demand.self
