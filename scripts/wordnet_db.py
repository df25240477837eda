"""Read Princeton WordNet 3.0 database files (Debian's wordnet-base) for the lexicon build.

Only what scripts/build_lexicon.py needs: synsets with their lexicographer file, lemmas,
pointers and gloss (data.*), each lemma's senses in frequency order (index.*), and a small
morphy (exception lists plus the detachment rules of morphy(7WN)) to find a word's lemmas.
File format: wndb(5WN); lexicographer file names: lexnames(5WN).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

WORDNET_DIR = Path("/usr/share/wordnet")


def missing() -> str | None:
    """Why WordNet cannot be read here (one line for stderr), or None if it can."""
    if (WORDNET_DIR / "data.noun").exists():
        return None
    return f"{WORDNET_DIR} not found: run 'apt-get install wordnet-base' first"


POS_FILES = (("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r"))

# lexnames(5WN): lex_filenum -> name
LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute "
    "noun.body noun.cognition noun.communication noun.event noun.feeling noun.food noun.group "
    "noun.location noun.motive noun.object noun.person noun.phenomenon noun.plant "
    "noun.possession noun.process noun.quantity noun.relation noun.shape noun.state "
    "noun.substance noun.time verb.body verb.change verb.cognition verb.communication "
    "verb.competition verb.consumption verb.contact verb.creation verb.emotion verb.motion "
    "verb.perception verb.possession verb.social verb.stative verb.weather adj.ppl"
).split()

# morphy(7WN) detachment rules per part of speech: (suffix, ending)
DETACH = {
    "n": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "v": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}


@dataclass(frozen=True)
class Synset:
    """One synset: its key ('n00844254'), lexicographer file, lemmas, pointers and gloss."""

    key: str
    lexname: str
    lemmas: tuple[str, ...]  # as written in WordNet (case kept, '_' for spaces)
    pointers: tuple[tuple[str, str, int], ...]  # (symbol, target key, source word; 0 = all)
    gloss: str
    targets: tuple[int, ...] = ()  # per pointer, its target word in the target synset (0 = all)


@dataclass(frozen=True)
class Sense:
    """One sense of a lemma: the synset, its rank among the lemma's senses of that part of
    speech (0 = most frequent), and the lemma's position in the synset (0 = head word)."""

    synset: Synset
    rank: int
    position: int
    count: int  # times tagged in the semantic concordance texts (cntlist.rev)


class WordNet:
    """The four data files and index files, read once."""

    def __init__(self, root: Path = WORDNET_DIR) -> None:
        self.synsets: dict[str, Synset] = {}
        self.index: dict[str, list[tuple[str, str]]] = {}  # lemma -> [(pos, key)] by rank
        self.exceptions: dict[str, dict[str, list[str]]] = {}
        self.counts: dict[tuple[str, str, int], int] = {}  # (lemma, pos, rank) -> tag count
        self._gloss_index: dict[str, set[str]] | None = None
        self._compound_index: dict[str, set[str]] | None = None
        cntlist = root / "cntlist.rev"
        if cntlist.exists():
            for line in cntlist.read_text(encoding="latin-1").splitlines():
                key, number, count = line.split()
                lemma, _, rest = key.partition("%")
                pos = "nvara"[int(rest[0]) - 1]
                self.counts[(lemma, pos, int(number) - 1)] = int(count)
        for name, pos in POS_FILES:
            self._read_data(root / f"data.{name}", pos)
            self._read_index(root / f"index.{name}", pos)
            exc: dict[str, list[str]] = {}
            path = root / f"{name}.exc"
            if path.exists():
                for line in path.read_text(encoding="latin-1").splitlines():
                    parts = line.split()
                    if len(parts) >= 2:
                        exc.setdefault(parts[0], []).extend(parts[1:])
            self.exceptions[pos] = exc

    def _read_data(self, path: Path, pos: str) -> None:
        for line in path.read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            body, _, gloss = line.partition(" | ")
            f = body.split()
            count = int(f[3], 16)
            # adjectives may carry a syntactic marker: aware(p), main(a), elect(ip)
            lemmas = tuple(f[4 + 2 * i].split("(", 1)[0] for i in range(count))
            i = 4 + 2 * count
            n_ptr = int(f[i])
            i += 1
            ptrs, targets = [], []
            for _ in range(n_ptr):
                target_pos = "a" if f[i + 2] == "s" else f[i + 2]
                ptrs.append((f[i], target_pos + f[i + 1], int(f[i + 3][:2], 16)))
                targets.append(int(f[i + 3][2:], 16))
                i += 4
            key = pos + f[0]
            self.synsets[key] = Synset(
                key, LEXNAMES[int(f[1])], lemmas, tuple(ptrs), gloss.strip(), tuple(targets)
            )

    def _read_index(self, path: Path, pos: str) -> None:
        for line in path.read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            f = line.split()
            sense_cnt, p_cnt = int(f[2]), int(f[3])
            offsets = f[6 + p_cnt : 6 + p_cnt + sense_cnt]
            self.index.setdefault(f[0], []).extend((pos, pos + o) for o in offsets)

    def senses(self, lemma: str) -> list[Sense]:
        """Every sense of a lemma, each part of speech in WordNet's frequency order."""
        out = []
        rank: dict[str, int] = {}
        for pos, key in self.index.get(lemma, ()):
            syn = self.synsets[key]
            r = rank[pos] = rank.get(pos, -1) + 1
            lowered = [w.lower() for w in syn.lemmas]
            position = lowered.index(lemma) if lemma in lowered else len(lowered)
            out.append(Sense(syn, r, position, self.counts.get((lemma, pos, r), 0)))
        return out

    def lemmas_of(self, word: str) -> list[str]:
        """The word itself if WordNet has it, plus base forms morphy finds for it."""
        found = [word] if word in self.index else []
        for pos, rules in DETACH.items():
            bases = list(self.exceptions[pos].get(word, ()))
            for suffix, ending in rules:
                if word.endswith(suffix) and len(word) > len(suffix) + 1:
                    bases.append(word[: len(word) - len(suffix)] + ending)
            if pos == "v":  # doubled consonant before -ed/-ing: sinning -> sin
                for suffix in ("ed", "ing"):
                    stem = word[: -len(suffix)]
                    if word.endswith(suffix) and len(stem) > 2 and stem[-1] == stem[-2]:
                        bases.append(stem[:-1])
            for base in bases:
                if base != word and base not in found and any(p == pos for p, _ in self.index.get(base, ())):
                    found.append(base)
        return found

    def ancestors(self, key: str) -> set[str]:
        """Every synset above `key` by hypernym or instance-hypernym pointers, and itself."""
        seen = {key}
        todo = [key]
        while todo:
            for sym, target, _ in self.synsets[todo.pop()].pointers:
                if sym in ("@", "@i") and target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen

    def usage_domains(self, sense: Sense, word_only: bool = False) -> Iterable[str]:
        """Keys of the usage-domain synsets a sense belongs to (';u' pointers of its synset,
        or lexical ones from this very word; only the lexical ones if `word_only`)."""
        word = sense.position + 1
        ok = (word,) if word_only else (0, word)
        return (t for s, t, src in sense.synset.pointers if s == ";u" and src in ok)

    def gloss_synsets(self, token: str) -> set[str]:
        """Keys of the synsets whose gloss (definition and examples) writes `token` in
        lowercase: WordNet's own prose, where names keep their capital."""
        if self._gloss_index is None:
            index: dict[str, set[str]] = {}
            for key, syn in self.synsets.items():
                for tok in set(re.findall(r"\b[a-z]+\b", syn.gloss)):
                    index.setdefault(tok, set()).add(key)
            self._gloss_index = index
        return self._gloss_index.get(token, set())

    def compounds_with(self, token: str) -> set[str]:
        """Multiword lemmas holding `token` as one lowercase part (water_lily, red_fox,
        Christmas_carol); a name's own compounds keep its capital (Glen_Canyon)."""
        if self._compound_index is None:
            index: dict[str, set[str]] = {}
            for syn in self.synsets.values():
                for lemma in syn.lemmas:
                    parts = re.split(r"[_-]", lemma)
                    if len(parts) > 1:
                        for part in set(parts):
                            if part.islower():
                                index.setdefault(part, set()).add(lemma)
            self._compound_index = index
        return self._compound_index.get(token, set())
