"""One Style object decides colours and fills; `--ink-saver` swaps in a greyscale one with no large fills."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[float, float, float]


@dataclass(frozen=True)
class Style:
    """Colours and fill policy that every drawing function looks up instead of hard-coding."""

    ink_saver: bool = False
    ink: RGB = (0.0, 0.0, 0.0)
    muted: RGB = (0.38, 0.38, 0.38)  # footers, captions
    rule: RGB = (0.62, 0.62, 0.62)  # cut lines, light rules
    accent: RGB = (0.12, 0.27, 0.50)  # headings, card frames
    tint: RGB | None = (0.90, 0.93, 0.97)  # large light fills; None in ink-saver mode
    back_fill: RGB | None = (0.16, 0.25, 0.40)  # card backs; None in ink-saver mode

    @property
    def fills(self) -> bool:
        return not self.ink_saver


DEFAULT = Style()
INK_SAVER = Style(
    ink_saver=True,
    accent=(0.0, 0.0, 0.0),
    tint=None,
    back_fill=None,
)


def get_style(ink_saver: bool) -> Style:
    return INK_SAVER if ink_saver else DEFAULT
