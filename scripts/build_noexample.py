"""Build generator/data/noexample.txt: words parlour never shows as an example (after build_lexicon.py).

    python scripts/build_noexample.py           # write
    python scripts/build_noexample.py --check   # exit 1 if the shipped file is stale

The referees (`fighting-words check`, `chimera check`) accept every word of the broad list, and
the examples `fighting-words check` shows, or the rare answer a Chimera key shows marked, come
from that list when no word of the print vocabulary fits. Two kinds of broad-list word should
never be shown as parlour's example, though they stay valid answers:

- drug: a word outside the print vocabulary whose own first noun sense (or, for a form WordNet
  does not list, its base form's: heroins -> heroin) lies under WordNet's drug or medicine
  synsets (hypernym closure), drinks and tobacco excepted (methotrexate, codeine, laxative); and a
  broad-only word WordNet lacks that ends in a drug-name stem of the USAN naming scheme
  (-mycin, -cillin, -vudine, -thymidine, -caine, -olol, ...: azidothymidine, propranolol).
- misspelling: SCOWL's larger lists (english-words.70 and up, read by build_lexicon.py) hold
  misspellings such as overcompetetive, canteloupe, dependancy, idealogy. A broad-only word of
  8+ letters that WordNet does not know, that wordfreq finds under zipf 1.5, and that one
  misspelling-shaped edit (a vowel for another, a doubled or undoubled letter, two neighbours
  swapped; never the first letter) turns into a standard-tier word at least 1.0 zipf more
  frequent, or into a productive prefix (over, under, non, un, out, super, self, counter) on a
  standard word of 6+ letters when the rest is no lexicon word (overcompetetive ->
  over + competitive); never a regular form of another lexicon word (FORMS: pretests, osteoporoses,
  lobotomise). Since build_lexicon.py drops such words from the broad tier (where SCOWL's
  english-words.70 let them in), a fresh lexicon leaves this section empty; the rule lives here
  (`misspelt`) and the build reuses it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_files  # noqa: E402
import wordnet_db  # noqa: E402
from wordnet_db import WordNet  # noqa: E402

from generator.words.lexicon import NOEXAMPLE_FILE, Lexicon, load  # noqa: E402

OUTPUT = ROOT / "generator" / "data" / NOEXAMPLE_FILE

DRUG_SYNSETS = {"n03247620", "n03740161"}  # drug; medicine, medication
DRUG_EXEMPT = {"n07884567", "n04442831"}  # alcoholic drinks; tobacco
DRUG_STEMS = (
    "mycin", "cillin", "floxacin", "cycline", "vudine", "thymidine", "trexate", "statin",
    "prazole", "azepam", "barbital", "profen", "sartan", "olol", "tidine", "caine", "dronate",
    "setron", "triptyline", "oxetine", "azosin", "conazole",
)  # fmt: skip
PREFIXES = ("over", "under", "non", "un", "out", "super", "self", "counter")
MISSPELT_MIN_LEN = 8
MISSPELT_MAX_ZIPF = 1.5
MISSPELT_GAP = 1.0
VOWELS = "aeiou"
# A word that is a regular form of another lexicon word is that word's form, not a misspelling
# (pretests: pretest; osteoporoses: osteoporosis; diminuendi: diminuendo; lobotomise: lobotomize).
FORMS = (
    ("s", ""), ("es", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"), ("er", ""), ("ers", ""),
    ("ly", ""), ("ness", ""), ("ses", "sis"), ("xes", "xis"), ("ces", "cis"), ("i", "o"), ("i", "us"),
    ("ise", "ize"), ("ised", "ized"), ("ising", "izing"), ("ises", "izes"), ("ier", "y"), ("iest", "y"),
    ("iness", "y"), ("ily", "y"),
)  # fmt: skip


def _first_noun_under(wn: WordNet, word: str, targets: set[str], memo: dict[str, set[str]]) -> bool:
    lemmas = [word] if word in wn.index else wn.lemmas_of(word)
    for lemma in lemmas:
        nouns = [s for s in wn.senses(lemma) if s.synset.key.startswith("n")]
        if not nouns:
            continue
        key = nouns[0].synset.key
        if key not in memo:
            memo[key] = wn.ancestors(key)
        if memo[key] & targets and not memo[key] & DRUG_EXEMPT:
            return True
    return False


def drugs(wn: WordNet, lex: Lexicon) -> list[str]:
    """Words outside the print vocabulary that name a drug or medicine (see the module doc)."""
    memo: dict[str, set[str]] = {}
    out = []
    for w in lex.words("broad"):
        if lex.printable(w):
            continue
        if _first_noun_under(wn, w, DRUG_SYNSETS, memo):
            out.append(w)
        elif lex.tier(w) == "broad" and not wn.lemmas_of(w):
            if any(w.endswith(s) or w.endswith(s + "s") for s in DRUG_STEMS):
                out.append(w)
    return out


def _misspelling_edits(word: str) -> set[str]:
    """Forms one misspelling-shaped edit away, the first letter kept."""
    out = set()
    for i in range(1, len(word)):
        c = word[i]
        if c in VOWELS:
            out.update(word[:i] + v + word[i + 1 :] for v in VOWELS if v != c)
        if i + 1 < len(word) and word[i + 1] == c:
            out.add(word[:i] + word[i + 1 :])
        out.add(word[: i + 1] + c + word[i + 1 :])
        if i + 1 < len(word) and word[i + 1] != c:
            out.add(word[:i] + word[i + 1] + c + word[i + 2 :])
    return out


def misspelt(
    wn: WordNet, word: str, z: float, standard: dict[str, float], known: Callable[[str], bool]
) -> str | None:
    """The standard word that `word` (a broad-only word of wordfreq zipf `z`) looks like a
    misspelling of, or None (the rule in the module docstring). `standard`: standard-tier words
    and their zipf; `known`: True for any lexicon word (the prefix rule wants the rest unknown).
    Shared with build_lexicon.py, which drops such words from the broad tier."""
    if len(word) < MISSPELT_MIN_LEN or z >= MISSPELT_MAX_ZIPF or wn.lemmas_of(word):
        return None
    if any(word.endswith(end) and known(word[: -len(end)] + base) for end, base in FORMS):
        return None  # a regular form of a lexicon word (FORMS)
    for s in sorted(_misspelling_edits(word)):
        if s in standard and standard[s] >= z + MISSPELT_GAP:
            return s
        p = next((p for p in PREFIXES if s.startswith(p) and word.startswith(p)), None)
        if p and len(s) - len(p) >= 6 and s[len(p) :] in standard and not known(word[len(p) :]):
            return s
    return None


def misspellings(wn: WordNet, lex: Lexicon) -> dict[str, str]:
    """Broad-only words that look like a misspelling of a more frequent word: word -> that word.
    Since build_lexicon.py drops them from the broad tier, a fresh lexicon has none left."""
    from wordfreq import zipf_frequency

    standard = {w: lex.zipf(w) for w in lex.words("standard")}
    out = {}
    for w in lex.words("broad"):
        if lex.tier(w) != "broad":
            continue
        s = misspelt(wn, w, zipf_frequency(w, "en"), standard, lambda x: lex.tier(x) is not None)
        if s is not None:
            out[w] = s
    return out


def render(drug: list[str], misspelt: dict[str, str]) -> bytes:
    head = [
        "Words parlour never shows as an example (fighting-words check, a Chimera key's marked",
        "answer); they stay valid answers. Built by scripts/build_noexample.py from the packaged",
        "lexicon, WordNet 3.0 (Princeton University; see LICENSE-wordlists.txt) and wordfreq;",
        "the rules are in that script's docstring. Sections: @drug, @misspelling.",
    ]
    lines = ["# " + h for h in head]
    lines += ["@drug", " ".join(sorted(drug)), "@misspelling", " ".join(sorted(misspelt))]
    return ("\n".join(lines) + "\n").encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument("--check", action="store_true", help="exit 1 if the shipped file is stale")
    args = parser.parse_args(argv)
    if why := wordnet_db.missing():
        print(why, file=sys.stderr)
        return 2
    wn, lex = WordNet(), load()
    drug, misspelt = drugs(wn, lex), misspellings(wn, lex)
    data = render(drug, misspelt)
    if args.check:
        return build_files.check(args.output, data, "scripts/build_noexample.py")
    args.output.write_bytes(data)
    print(f"wrote {args.output}: {len(drug)} drug, {len(misspelt)} misspelling")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
