package protocol

import "unicode"

// Format characters (Unicode category Cf: zero-width space, word joiner,
// BOM, soft hyphen, joiners, marks, tags...) render as nothing, so inside a
// one-line text (a name, a title, a reason) they make two texts that read
// the same. They are refused there, except where a script or an emoji needs
// one (docs/sync-protocol.md, "Text"):
//
//   - ZWJ (U+200D) between an emoji (or VS16, U+FE0F, after one) and an
//     emoji: an emoji ZWJ sequence such as 👩‍💻;
//   - ZWJ or ZWNJ (U+200C) between two letters or marks of a script that
//     shapes with them: Arabic, Syriac, N'Ko, Mongolian and the Indic scripts
//     from Devanagari to Sinhala (Persian "می‌خواهم", Devanagari "क्‍ष");
//   - tag characters (U+E0020–U+E007F) in a flag's tag sequence: U+1F3F4,
//     one or more tags, then CANCEL TAG (U+E007F), as in the flag of England.
//
// The emoji and script ranges are code-point ranges rather than Unicode
// properties, so that Go and the PWA (pwa/src/protocol/joiners.ts), whose
// Unicode versions differ, draw the line at the same place.

const (
	zwnj      = 0x200C
	zwj       = 0x200D
	vs16      = 0xFE0F
	blackFlag = 0x1F3F4
	cancelTag = 0xE007F
)

// pictographic: the emoji code points a ZWJ sequence joins.
var pictographic = [][2]rune{
	{0x00A9, 0x00A9}, {0x00AE, 0x00AE}, {0x203C, 0x203C}, {0x2049, 0x2049}, {0x2122, 0x2122},
	{0x2139, 0x2139}, {0x2194, 0x21AA}, {0x231A, 0x23FF}, {0x24C2, 0x24C2}, {0x25AA, 0x27BF},
	{0x2934, 0x2935}, {0x2B05, 0x2B55}, {0x3030, 0x3030}, {0x303D, 0x303D}, {0x3297, 0x3297},
	{0x3299, 0x3299}, {0x1F000, 0x1FFFF},
}

// joiningScripts: the blocks of the scripts that shape with ZWJ and ZWNJ.
var joiningScripts = [][2]rune{
	{0x0600, 0x074F}, // Arabic, Syriac
	{0x0750, 0x077F}, // Arabic Supplement
	{0x07C0, 0x07FF}, // N'Ko
	{0x0860, 0x08FF}, // Syriac Supplement, Arabic Extended
	{0x0900, 0x0DFF}, // Devanagari to Sinhala
	{0x1800, 0x18AF}, // Mongolian
	{0xFB50, 0xFDFF}, // Arabic Presentation Forms-A
	{0xFE70, 0xFEFE}, // Arabic Presentation Forms-B
}

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}

func isTag(r rune) bool { return 0xE0020 <= r && r <= cancelTag }

func joiningLetter(r rune) bool {
	return inRanges(r, joiningScripts) && (unicode.IsLetter(r) || unicode.IsMark(r))
}

// strayFormat reports whether rs holds a format character no script or
// emoji needs where it stands. Linear: each tag run is read once.
func strayFormat(rs []rune) bool {
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if !unicode.Is(unicode.Cf, r) {
			continue
		}
		if isTag(r) {
			end, ok := tagSequence(rs, i)
			if !ok {
				return true
			}
			i = end
			continue
		}
		if r != zwj && r != zwnj || i == 0 || i == len(rs)-1 {
			return true
		}
		before, after := rs[i-1], rs[i+1]
		emoji := r == zwj && (inRanges(before, pictographic) || before == vs16) && inRanges(after, pictographic)
		if !emoji && !(joiningLetter(before) && joiningLetter(after)) {
			return true
		}
	}
	return false
}

// tagSequence checks the run of tags starting at i: it must follow the
// black flag and end with CANCEL TAG, holding one or more tags before it. It
// returns the index of the run's last tag.
func tagSequence(rs []rune, i int) (int, bool) {
	end := i
	for end+1 < len(rs) && isTag(rs[end+1]) {
		end++
	}
	if i == 0 || rs[i-1] != blackFlag || end == i || rs[end] != cancelTag {
		return end, false
	}
	for _, r := range rs[i:end] {
		if r == cancelTag {
			return end, false
		}
	}
	return end, true
}
