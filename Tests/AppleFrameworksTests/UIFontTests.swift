import Testing
import UIKit

/// `UIFont` as a value. Text styles have the sizes Apple's Human Interface Guidelines list for the default content
/// size (Large): Large Title 34, Title 1 28, Title 2 22, Title 3 20, Headline 17 semibold, Body 17, Callout 16,
/// Subhead 15, Footnote 13, Caption 1 12, Caption 2 11. `UIFontMetrics` scales by 1 at that size.
struct UIFontTests {
    @Test func textStylesHaveTheirDefaultSizes() {
        let styles: [UIFont.TextStyle] = [
            .largeTitle, .title1, .title2, .title3, .headline, .body, .callout, .subheadline, .footnote, .caption1,
            .caption2,
        ]
        #expect(
            styles.map { UIFont.preferredFont(forTextStyle: $0).pointSize } == [
                34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11,
            ])
    }

    @Test func fontsAreEqualWhenTheyAreTheSameFontAtTheSameSize() {
        #expect(UIFont.systemFont(ofSize: 17) == UIFont.systemFont(ofSize: 17, weight: .regular))
        #expect(UIFont.systemFont(ofSize: 17) != UIFont.boldSystemFont(ofSize: 17))
        #expect(UIFont.systemFont(ofSize: 17).withSize(20) == UIFont.systemFont(ofSize: 20))
        #expect(UIFont(name: "Avenir-Heavy", size: 14) == UIFont(name: "Avenir-Heavy", size: 14))
    }

    @Test func dynamicTypeScalesByOneAtTheDefaultSize() {
        let font = UIFont.preferredFont(forTextStyle: .body)
        #expect(UIFontMetrics.default.scaledFont(for: font) == font)
        #expect(UIFontMetrics(forTextStyle: .title1).scaledValue(for: 44) == 44)
        #expect(UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 30), maximumPointSize: 24).pointSize == 24)
    }

    @Test func theDescriptionIsTheCallThatMakesTheFont() {
        #expect(
            UIFont.systemFont(ofSize: 17, weight: .semibold).description
                == "UIFont.systemFont(ofSize: 17, weight: .semibold)")
        #expect(UIFont.systemFont(ofSize: 12.5).description == "UIFont.systemFont(ofSize: 12.5)")
        #expect(UIFont.italicSystemFont(ofSize: 15).description == "UIFont.italicSystemFont(ofSize: 15)")
        #expect(
            UIFont.preferredFont(forTextStyle: .headline).description == "UIFont.preferredFont(forTextStyle: .headline)"
        )
        #expect(UIFont(name: "Avenir-Heavy", size: 14)?.description == #"UIFont(name: "Avenir-Heavy", size: 14)"#)
    }
}
