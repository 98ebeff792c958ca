#if !canImport(Darwin)

// Combine's `Equatable` conformances for publishers whose parts are all comparable: two publishers are equal
// when they would subscribe to equal upstreams with equal parameters.

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e
    }
}

extension Publishers.Merge6: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
    }
}

extension Publishers.Merge7: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
            && lhs.g == rhs.g
    }
}

extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d && lhs.e == rhs.e && lhs.f == rhs.f
            && lhs.g == rhs.g && lhs.h == rhs.h
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b
    }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c
    }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.a == rhs.a && lhs.b == rhs.b && lhs.c == rhs.c && lhs.d == rhs.d
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.prefix == rhs.prefix && lhs.suffix == rhs.suffix
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sequence == rhs.sequence
    }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.count == rhs.count
    }
}

extension Publishers.Output: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.range == rhs.range
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.First: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.Last: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream
    }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.count == rhs.count
    }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.upstream == rhs.upstream && lhs.output == rhs.output
    }
}

#endif
