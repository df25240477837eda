"""Derive the Fighting Words letter mix from the lexicon and write it into the deck template.

Usage (from the repository root):
    python scripts/derive_letter_mix.py            # rewrite templates/fighting_words.toml
    python scripts/derive_letter_mix.py --check    # exit 1 if the template is out of date
    python scripts/derive_letter_mix.py --print --cards 120 --vowels 0.40

Method (also in the template's header): count letters over the default lexicon's words of 4+
letters, each word once; rescale vowels (A E I O U) to the vowel share and consonants to the
rest; share out the letter cards by largest remainder with at least one of every letter.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.games.fighting_words import model as fw  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=fw.DEFAULT_LETTER_CARDS, help="letter cards")
    ap.add_argument("--vowels", type=float, default=fw.DEFAULT_VOWEL_SHARE, help="vowel share")
    ap.add_argument("--tier", default="standard", help="lexicon tier to count over")
    ap.add_argument("--template", type=Path, default=fw.TEMPLATE)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="only compare; exit 1 if stale")
    group.add_argument("--print", action="store_true", help="print the table, write nothing")
    args = ap.parse_args(argv)

    mix = fw.derive_letter_mix(args.cards, vowel_share=args.vowels, tier=args.tier)
    if args.print:
        sys.stdout.write(fw.letters_toml(mix))
        return 0
    old = args.template.read_text(encoding="utf-8")
    new = fw.replace_letters(old, mix)
    if args.check:
        if new != old:
            print(f"{args.template} letter mix is out of date; run this script", file=sys.stderr)
            return 1
        print(f"{args.template} letter mix is up to date")
        return 0
    if new != old:
        args.template.write_text(new, encoding="utf-8")
        print(f"wrote {sum(mix.values())} letter cards to {args.template}")
    else:
        print(f"{args.template} already up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
