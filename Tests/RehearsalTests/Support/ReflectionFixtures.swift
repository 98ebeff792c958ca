/// Values the reflection readers' tests (`StoredFieldsTests`, `EnumCasesTests`) read and compare with `Mirror`: a
/// protocol, a small conforming struct and one too big for an existential's own three-word buffer.
protocol ReflectedShape {}

struct ReflectedSquare: ReflectedShape { var side: Int }

struct ReflectedBig: ReflectedShape {
    var first = 1
    var second = 2
    var third = 3
    var fourth = "four"
}
