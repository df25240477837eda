"""Build generator/data/relations.txt: related Doublets ends, and the words that are no end.

How to rebuild (from the repository root, after scripts/build_lexicon.py)::

    apt-get install wordnet-base
    python scripts/build_relations.py            # write generator/data/relations.txt
    python scripts/build_relations.py --check    # exit 1 if the shipped file is stale

Carroll's doublets were little stories: drive PIG into STY, make WHEAT into BREAD, turn POOR
into RICH.  A puzzle's two ends are one length, so the file holds only pairs of one length
(3 to 8 letters) of words parlour may put at a puzzle's end (model.is_puzzle_end's rules
read from the packaged lexicon, less the `@notend` words below).  Relations, and where each
comes from (Princeton WordNet 3.0, read by wordnet_db.py; pointer symbols from wninput(5WN)):

- opposite   '!' antonym pointers (lexical: the two words themselves), an adjective's similar-to
             satellites against the head it is the antonym of (icy: hot), and the curated list;
- scale      two adjectives that are values of one attribute ('=' pointers: cold and warm are
             both values of temperature) and not already opposites;
- like       '&' similar-to pointers between adjectives (wet, damp);
- part       '%p' part meronyms (tree: bark), whole first (not of quantities or times: pint, gill);
- member     '%m' member meronyms (flock: sheep), group first;
- material   '%s' substance meronyms (rope: hemp), stuff first;
- sort       a noun and one of its kinds, one or two hyponym steps down (bird: wren);
- same       two names of one meaning (sack, bag), each the word's first sense;
- kinds      two nouns whose main senses are direct hyponyms of one specific synset (one with at
             most KINDS_MAX hyponyms, in a lexicographer file of things one can draw:
             animals, plants, food, artifacts, body, objects, substances);
- class      two nouns whose main senses both lie (any depth) under one of CLASS_ROOTS, a short
             list of everyday classes written for parlour (mammal, bird, garment, vehicle, tree,
             feeling, season, colour, coin...): the members are found in WordNet, not listed: the word
             names its first noun sense (one of the synset's first NAMES names), is mostly a noun
             (or mostly a verb whose first noun sense is itself tagged in use: duck, crow, bear),
             is not itself named by a class head (bird, garment, emotion), and for the widest
             classes (BROAD_CLASSES) is no direct kind of the head (male, female, giant are
             animals): GOAT and LION, FURY and LOVE, SEDAN and WAGON;
- acts       two verbs whose main senses lie under one of ACT_ROOTS (walk, cook, cut, look,
             express emotion, ...), by the same rules, but mostly verbs (SAIL, WING, CLAW are
             read as nouns): GLARE and STARE, CHOP and TRIM, PANT and SIGH, and their like
             -s, -ed and -ing forms;
- join       a compound: START and END written as one word is a word of the print vocabulary
             that WordNet knows, and the compound means a kind of END (one of its hypernyms is
             named END: raincoat is a coat) or its definition names END as a noun (snowball:
             "... made of snow"); START is a content word in its own right, tagged in use as
             a noun, verb or adjective, COMPOUND_USES times or more, and never "used in combination" (no
             mid-, sub-, kilo-): RAIN and COAT, FOOT and PATH;
- curated    scripts/curated_relations.txt (its own relations: home, made, from, grows, evolve,
             dip, stow, feed, on, pair, does, raise, and more opposites, kinds and parts).

A WordNet pair counts only where each word means that synset in its first sense of that part
of speech (for opposites, one of its first two), is one of the synset's first three names,
and is mostly used in that part of speech (WordNet's tagged uses): "figure" is a name of the
body synset, but nobody reads FIGURE as a body; "tidy" is no box, "main" no ocean.

`@notend` lines name words that may be printed as links but are never a puzzle's end:

- function   the word is no content word: WordNet has no noun, verb or adjective sense of it
             or its base form (they, thus, lest; also words WordNet 3.0 never met: those cannot
             be shown to be content words), or its tagged uses in WordNet's concordance are
             mostly adverbs (more than twice its noun/verb/adjective uses: only, even, ago), or
             its first adjective sense is a quantifier (much, many, few, some, each); or it is
             on scripts/function_words.txt, a curated list of English's closed classes
             (helping verbs, conjunctions, prepositions, pronouns, determiners) with its policy
             at its head: been, have, were, while, might, till, plus, which WordNet also files
             under a rare content sense;
- crude      a crude sense the print vocabulary lets pass because it is not salient: a sense of
             any rank labelled vulgar, obscene, offensive or a slur, or a sexual or excretory
             first or second sense the word heads (see crude_word): a link is read in passing,
             an end is printed large and read first;
- second     stricter still, for ends only (see second_sense): a plain word (under PLAIN_USES
             tagged uses, with its base) with a sexual, venereal, erotic or hard-drug sense of
             ANY rank or a drug's street name among its senses (smack, bust, stripper, sucking,
             banging, pox), or any word whose main sense is flogging (whip, whipping);
- listed     a plain word (as for second) on a published profanity list, better_profanity 0.7.0
             (MIT, vendored beside this script with its licence and pinned by checksum) for which
             WordNet records no sense of the list's kind (vulgar, slur, sexual, drug): slang
             senses WordNet 3.0 lacks (knob; wiener, listed as "weiner"; see listed_word).
             Where WordNet has the sense, the rules above have judged it (pot, weed stay). A link only needs its main sense innocent, which the print
             vocabulary already asks, so these words still print as links.
- harm       a word (or a form of one) on scripts/harm_words.txt, a curated list with its policy
             at its head: words whose everyday sense is harm done to a person (stalking,
             kidnap, mugging, murder, torture); WordNet files stalking under hunting only.
- grown      a word (or a form of one) on scripts/grown_words.txt, a curated list with its policy
             at its head: frequent words of grown-ups' reading that a child of eight does not
             have (ion, spam, cons, pope): no end, and no link of a daily key.

`@form` lines name end words that are inflected forms (form_class): a regular -ed or -ing form
of a verb (not a noun in its own right: wedding, evening stay plain), a comparative or a
superlative, a doer made from a verb that is not a familiar word (reaper, lender; farmer and
letter are familiar), the -s form of a word mostly used as a verb (eats, sits, lies), and odd
plurals (leafs beside leaves; golds, two zipf rarer than gold). They stay ends of sheets; a
daily's practice puzzles, whose ends should be base forms a child knows, leave them out.

The output has no date in it: the same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_files  # noqa: E402
import vet_words  # noqa: E402
import wordnet_db  # noqa: E402
from wordnet_db import Sense, WordNet  # noqa: E402

from generator.games.doublets.prompts import FRAMES, SYMMETRIC  # noqa: E402

OUTPUT = ROOT / "generator" / "data" / "relations.txt"
CURATED = Path(__file__).resolve().parent / "curated_relations.txt"
MIN_LENGTH, MAX_LENGTH = 3, 8
NAMES = 3  # a WordNet word counts if it is one of the synset's first NAMES names
SENSES = 2  # ... and, for opposites, one of its first SENSES senses of that part of speech (else its first)
KINDS_MAX = 60  # most hyponyms (KINDS_DEPTH levels) of a "kinds" synset: more, and it is no specific thing
KINDS_DEPTH = 2  # for living things and food (LIVING); other synsets: direct hyponyms only
KINDS_MAX_THINGS = 40
SORT_DEPTH = 2
UNDRAWN = {"noun.quantity", "noun.time"}  # no part of a pint or a year is a thing one takes out
LIVING = {"noun.animal", "noun.plant", "noun.food", "noun.person"}
KINDS_FILES = {
    "noun.animal",
    "noun.plant",
    "noun.food",
    "noun.artifact",
    "noun.body",
    "noun.object",
    "noun.substance",
    "noun.person",
    "verb.motion",
    "verb.contact",
    "verb.consumption",
    "verb.body",
    "verb.weather",
    "verb.creation",
}
ADVERB_SHARE = 2  # function: tagged adverb uses above this many times the content uses
ADVERB_MIN = 3
QUANTIFIER = re.compile(
    r"^\(?(quantifier|\(comparative of|comparative of|superlative of|used of count nouns)|a quantifier"
)
CRUDE_LABEL = re.compile(
    r"\((vulgar|obscene|offensive|ethnic slur|disparaging)|\bvulgar (term|word|slang)\b|\bobscene\b"
    r"|\boffensive (term|name|word)"
)
CRUDE_USES = 20
# An end word little used in WordNet's tagged texts (fewer than PLAIN_USES uses, its own and,
# for a form of another word, its base's: sucking, suck) is judged by EVERY sense, of any rank
# and at any place among the synset's names: a plain word's second sense is read with its first.
PLAIN_USES = 20
SECOND_GLOSS = re.compile(
    r"\b(erotic\w*|venereal|striptease\w*|chest of a woman|sexual (gratification|intercourse))\b"
)
STREET_NAME = re.compile(r"\bstreet names? for\b")
DRUG_ROOTS = {"n03808564", "n03492717", "n03248958"}  # narcotic, hard drug, drug of abuse
# a drug's street name is read as the drug only when the word's first noun sense is no plain
# thing one can hold or eat (pot, deck, rope, soap keep their first meaning; smack does not)
PLAIN_THINGS = {"noun.artifact", "noun.food", "noun.object", "noun.plant", "noun.animal", "noun.substance"}
SECOND_ROOTS = {  # vet_words' sexual and drug roots less desire, arousal, clothing, drug users
    "n00844254",  # sexual activity
    "n05513302",  # sex organ
    "n05514081",  # genitalia
    "n00747215",  # pornography
    "n00748155",  # prostitution
    "n10485440",  # prostitute
    "v01428871",  # copulate
}
CRUEL_GLOSS = re.compile(r"\bflog\w*|\bbeat(ing)? (severely|with a (whip|strap|rod))")
CLOTHING = {"n04508163", "n03673450"}  # undergarment, lingerie: vet_words' roots, not crude for an end
# A published profanity list, read at build time only (never by parlour): better_profanity 0.7.0
# (MIT), its profanity_wordlist.txt vendored unchanged beside this script with its licence
# (LICENSE-better_profanity.txt). The checksum pins the bytes, so the output is reproducible.
NOTEND_CLASSES = ("function", "crude", "second", "listed", "harm", "grown")
HARM = Path(__file__).resolve().parent / "harm_words.txt"  # curated, with its policy at its head
GROWN = Path(__file__).resolve().parent / "grown_words.txt"  # curated, with its policy at its head
FUNCTION = Path(__file__).resolve().parent / "function_words.txt"  # curated closed classes
PROFANITY = Path(__file__).resolve().parent / "better_profanity_wordlist.txt"
PROFANITY_SOURCE = "better_profanity 0.7.0 (MIT; scripts/LICENSE-better_profanity.txt)"
PROFANITY_SHA256 = "e75665f3f57b5e0412b178334764aae9cae319b88ef3f42027d1e1f22ed7172b"

# Everyday classes for "class" pairs: (lemma, how its gloss starts) picks the synset; every
# word under it (at any depth) whose main sense it is joins the class.  Broad enough that two
# members read as one sort of thing turned into another, no broader (no "container": a car is
# one; no "worker": a router is one; no "body part": DUCT into HAND; no "structure": DETOX into PORCH).
CLASS_ROOTS = (
    ("animal", "a living organism"), ("plant", "(botany)"), ("food", "any substance that can be metabolized"),
    ("clothing", ""), ("mammal", ""), ("bird", "warm-blooded"), ("fish", "any of various"), ("reptile", ""),
    ("amphibian", "cold-blooded"), ("invertebrate", ""),
    ("tree", "a tall"), ("flower", "a plant cultivated"), ("flower", "reproductive organ"), ("shrub", ""),
    ("vegetable", "edible"), ("edible_fruit", ""), ("edible_nut", ""), ("beverage", ""), ("meat", "the flesh"),
    ("dessert", ""), ("baked_goods", ""), ("dish", "a particular item"), ("condiment", ""), ("sauce", ""),
    ("seafood", ""), ("dairy_product", ""), ("meal", "the food served"), ("herb", "aromatic"),
    ("spice", "any of a variety"), ("sweet", "a food rich"), ("sandwich", ""),
    ("garment", ""), ("footwear", "clothing worn"), ("footwear", "covering"), ("headdress", ""), ("hat", ""),
    ("vehicle", "a conveyance"), ("weapon", "any instrument"), ("furniture", ""), ("vessel", "an object used"),
    ("bag", "a flexible"), ("box", "a (usually rectangular)"), ("musical_instrument", ""),
    ("building", "a structure"), ("room", "an area"), ("dwelling", ""), ("toy", "an artifact"), ("jewelry", ""),
    ("fabric", "artifact"), ("tableware", ""), ("tool", "an implement"), ("kitchen_utensil", ""),
    ("road", "an open way"), ("mercantile_establishment", ""),
    ("external_body_part", ""), ("bone", "rigid"), ("organ", "a fully"),
    ("metal", "any of several"), ("gem", "a crystalline"), ("fuel", ""), ("rock", "material consisting"),
    ("relative", "a person"), ("aristocrat", ""), ("ruler", "a person"), ("serviceman", ""),
    ("entertainer", ""), ("clergyman", ""), ("athlete", ""),
    ("body_of_water", ""), ("geological_formation", ""), ("celestial_body", ""),
    ("atmospheric_phenomenon", ""), ("weather", "the atmospheric"), ("cloud", "a visible"),
    ("sport", "an active"), ("dance", "taking a series"), ("coin", ""), ("chromatic_color", ""),
    ("feeling", "the experiencing"), ("time_of_day", ""), ("season", "one of the natural"),
    ("plant_part", ""), ("area", "a part of a structure"),
    ("establishment", "a public or private"), ("obstruction", "any structure"), ("housing", "structures"), ("shelter", "a structure that"),
    ("fastener", "restraint"),
    ("municipality", "an urban"), ("journey", ""), ("contest", "an occasion on which a winner"),
    ("game", "a contest with rules"), ("document", "writing that provides"), ("leader", ""), ("noise", ""),
    ("monetary_unit", ""), ("time_unit", ""), ("linear_unit", ""), ("capacity_unit", ""), ("mass_unit", ""),
)  # fmt: skip
# Everyday doings for "acts" pairs, the same way (a verb under one of these, its main sense).
ACT_ROOTS = (
    ("walk", "use one's feet"), ("travel_rapidly", ""), ("jump", "move forward by leaps"), ("cook", "prepare for eating"),
    ("cut", "separate with"), ("rub", "move over something"), ("express_emotion", ""), ("look", "perceive with"),
    ("eat", "take in solid"), ("drink", "take in liquids"), ("hit", "deal a blow"), ("propel", "cause to move forward"),
    ("fasten", "cause to be firmly"), ("sing", "produce tones"), ("clean", "make clean"),
    ("breathe", "draw air"), ("make_noise", "emit a noise"), ("utter", "express audibly"),
    ("run", "move fast by using"),
)  # fmt: skip
# The widest classes: their direct kinds are roles or general words (male, garment, emotion),
# so a member lies at least two steps below.
BROAD_CLASSES = {"animal", "plant", "food", "clothing", "feeling"}
COMPOUND_USES = 2  # each half of a compound is tagged at least this often as a content word
COMPOUND_MIN, COMPOUND_MAX = 6, 16  # lengths of a "join" compound (two halves of 3 to 8 letters)


def end_words() -> set[str]:
    """Words of 3-8 letters that may end a puzzle by the packaged lexicon's rules."""
    from generator.games.doublets.model import PUZZLE_TIER, not_puzzle_ends
    from generator.words.lexicon import load

    lex = load()
    curated = not_puzzle_ends()
    return {
        w
        for n in range(MIN_LENGTH, MAX_LENGTH + 1)
        for w in lex.words(PUZZLE_TIER, n)
        if lex.printable(w) and w not in curated
    }


def _lexicon_sets() -> tuple[set[str], set[str]]:
    """(every word of the packaged lexicon, its print vocabulary)."""
    from generator.words.lexicon import load

    lex = load()
    return set(lex.words("broad")), set(lex.words("print"))


def print_vocabulary() -> list[str]:
    """Lowercase words of the print vocabulary, COMPOUND_MIN to COMPOUND_MAX letters."""
    from generator.words.lexicon import load

    lex = load()
    return [
        w for n in range(COMPOUND_MIN, COMPOUND_MAX + 1) for w in lex.words("standard", n) if lex.printable(w)
    ]


def _own_senses(wn: WordNet, word: str) -> list[Sense]:
    """The word's own senses, or its base forms' when WordNet does not list it."""
    if word in wn.index:
        return list(wn.senses(word))
    return [s for lemma in wn.lemmas_of(word) for s in wn.senses(lemma)]


def function_word(wn: WordNet, word: str) -> bool:
    """True if `word` is no content word (see the module docstring)."""
    senses = _own_senses(wn, word)
    content = [s for s in senses if s.synset.key[0] in "nva"]
    if not content:
        return True
    adverb = sum(s.count for s in senses if s.synset.key[0] == "r")
    if adverb >= ADVERB_MIN and adverb > ADVERB_SHARE * sum(s.count for s in content):
        return True
    return any(s.synset.key[0] == "a" and s.rank == 0 and QUANTIFIER.search(s.synset.gloss) for s in senses)


def crude_word(wn: WordNet, word: str, ancestors: dict[str, set[str]]) -> str | None:
    """'label' or the root kind ('sexual', 'excretory') of a crude sense of `word` (its own
    senses, or its base forms' when WordNet does not list it), or None.  Stricter than the
    print vocabulary's salient senses: a sense of any rank labelled vulgar, obscene, offensive
    or a slur, where the word is one of the synset's first four names (bull, spade), unless
    the word's main sense holds nine tenths of at least CRUDE_USES tagged uses (boy); or a
    sexual or excretory sense (vet_words' roots, clothing aside) of rank 0 or 1 that the word
    heads, unless that sense is never tagged while the word has CRUDE_USES uses (wet, neck)."""
    senses = [s for s in _own_senses(wn, word) if vet_words._lowercase(s)]
    total = sum(s.count for s in senses)
    main = max(senses, key=lambda s: s.count) if senses else None
    dominant = main is not None and total >= CRUDE_USES and main.count * 10 >= total * 9
    for s in senses:
        gloss = s.synset.gloss.split('"', 1)[0]
        usage = {t for t in wn.usage_domains(s)}
        if s.position <= 3 and not dominant:
            if usage & (vet_words.USAGE["vulgar"] | vet_words.USAGE["slur"]) or CRUDE_LABEL.search(gloss):
                return "label"
        if s.rank <= 1 and s.position == 0 and not (s.count == 0 and total >= CRUDE_USES):
            for kind in ("sexual", "excretory"):
                above = ancestors.get(s.synset.key)
                if above is None:
                    above = ancestors[s.synset.key] = wn.ancestors(s.synset.key)
                if vet_words._kind(wn, s, kind, ancestors) and not above & CLOTHING:
                    return kind
    return None


def _end_senses(wn: WordNet, word: str) -> list[Sense]:
    """The word's own senses and, for a form of another word (sucking: suck), its base's."""
    own = list(wn.senses(word)) if word in wn.index else []
    bases = [b for b in wn.lemmas_of(word) if b != word]
    return own + [s for b in bases for s in wn.senses(b)]


def second_sense(wn: WordNet, word: str, ancestors: dict[str, set[str]]) -> str | None:
    """The kind of a crude, drug or cruel sense of an end word, or None: the first sense of the
    word's main part of speech is flogging ("cruel": whip, lash); or, for a word (with its base:
    sucking, suck) tagged fewer than PLAIN_USES times in all, a sense of ANY rank and at any
    place among the synset's names that is labelled vulgar or a slur ("label"), lies under a
    sexual synset ("sexual"), is glossed erotic, venereal, striptease, sexual intercourse or
    gratification or a woman's chest ("gloss"), or names a hard drug or a drug's street name,
    drinks and tobacco aside, when the word's first noun sense is no plain thing ("drugs").
    An end is printed large and read first: a plain word whose second meaning is crude reads
    crude there (smack, bust, stripper, sucking, whipping, pox)."""
    senses = _end_senses(wn, word)
    if not senses:
        return None
    main = vet_words._dominant_pos(senses)
    first = next((s for s in senses if s.synset.key[0] == main), None)
    if first is not None and CRUEL_GLOSS.search(first.synset.gloss.split('"', 1)[0]):
        return "cruel"
    if sum(s.count for s in senses) >= PLAIN_USES:
        return None
    nouns = [s for s in senses if s.synset.key[0] == "n" and vet_words._lowercase(s)]
    plain_thing = bool(nouns) and nouns[0].synset.lexname in PLAIN_THINGS
    for s in senses:
        gloss = s.synset.gloss.split('"', 1)[0]
        usage = set(wn.usage_domains(s))
        if usage & (vet_words.USAGE["vulgar"] | vet_words.USAGE["slur"]) or CRUDE_LABEL.search(gloss):
            return "label"
        if SECOND_GLOSS.search(gloss):
            return "gloss"
        above = ancestors.get(s.synset.key)
        if above is None:
            above = ancestors[s.synset.key] = wn.ancestors(s.synset.key)
        if above & SECOND_ROOTS:
            return "sexual"
        drug = STREET_NAME.search(gloss) or above & DRUG_ROOTS and not above & vet_words.EXEMPT["drugs"]
        if drug and not plain_thing:  # drinks and tobacco are no drug here
            return "drugs"
    return None


def profanity_list(path: Path = PROFANITY) -> set[str]:
    """The a-z entries of the vendored profanity list (lowercased), after checking its bytes."""
    import hashlib

    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != PROFANITY_SHA256:
        raise SystemExit(f"{path} is not the vendored better_profanity 0.7.0 list")
    return {e for e in data.decode("utf-8").lower().split("\n") if e.isalpha()}


def harm_list(path: Path = HARM) -> set[str]:
    """The entries of a curated list (the harm words, or another no-end list such as the grown
    words; see each policy), read as the lexicon build reads its curated lists."""
    return vet_words.parse_word_lists(path.read_text(encoding="utf-8"))[0]


def harm_word(wn: WordNet, word: str, harm: set[str]) -> bool:
    """True if `word` or a regular inflection of it is on the harm list (vet_words.listed_form)."""
    return vet_words.listed_form(wn, word, harm)


def listed_forms(wn: WordNet, listed: set[str], known: set[str], printable: set[str]) -> set[str]:
    """The list's entries, plus the print-vocabulary word an entry misspells: an entry that
    neither the lexicon (`known`) nor WordNet knows and that one swap of two neighbouring
    letters (the first kept) turns into a print-vocabulary word stands for it (weiner: wiener;
    measured on the list, that is the only such entry)."""
    out = set(listed)
    for e in sorted(listed):
        if e in known or wn.lemmas_of(e):
            continue
        for i in range(1, len(e) - 1):
            swapped = e[:i] + e[i + 1] + e[i] + e[i + 2 :]
            if e[i] != e[i + 1] and swapped in printable:
                out.add(swapped)
    return out


def listed_word(wn: WordNet, word: str, listed: set[str], ancestors: dict[str, set[str]]) -> bool:
    """True if `word`, or the base form of an inflection WordNet does not list (knobs: knob),
    is on the profanity list (`listed`, from listed_forms) and the word is plain: fewer than
    PLAIN_USES tagged uses with its base, as in second_sense. The list records slang senses
    WordNet 3.0 lacks (knob, wiener); a word used often in WordNet's texts is judged by them
    (fat, drunk, strip and thrust stay ends), and so is a word WordNet records a sense of the
    list's kind for (_judged: pot, weed, hemp)."""
    if word not in listed and not vet_words._base_forms(wn, word) & listed:
        return False
    senses = _end_senses(wn, word)
    if sum(s.count for s in senses) >= PLAIN_USES:
        return False
    return not any(_judged(wn, s, ancestors) for s in senses)


def _judged(wn: WordNet, sense: Sense, ancestors: dict[str, set[str]]) -> bool:
    """True if WordNet itself records a sense of the kind a profanity list flags (labelled
    vulgar or a slur, or under vet_words' sexual or drug roots): then the WordNet rules above
    have judged the word (pot and weed keep their first meaning, a thing one holds) and the
    list has nothing to add; it speaks only where WordNet is silent (knob, wiener)."""
    if set(wn.usage_domains(sense)) & (vet_words.USAGE["vulgar"] | vet_words.USAGE["slur"]):
        return True
    if CRUDE_LABEL.search(sense.synset.gloss.split('"', 1)[0]):
        return True
    above = ancestors.get(sense.synset.key)
    if above is None:
        above = ancestors[sense.synset.key] = wn.ancestors(sense.synset.key)
    return bool(above & (vet_words.ROOTS["sexual"] | vet_words.ROOTS["drugs"]))


def _irregular(wn: WordNet, word: str) -> bool:
    """True if WordNet's exception lists make `word` a form of another word (said: say)."""
    return any(b != word for exc in wn.exceptions.values() for b in exc.get(word, ()))


def _salient(wn: WordNet, word: str, key: str, senses: int = 1, inflected: bool = False) -> bool:
    """True if `word` names synset `key` outright: one of its first NAMES names, among the
    word's first `senses` senses of that part of speech, and that part of speech is the one
    the word is mostly used in (WordNet's tagged uses: "tidy" is no noun, "main" no ocean),
    and, for a word never tagged, it is no inflection of another word ("sang")."""
    syn = wn.synsets[key]
    lowered = [x.lower() for x in syn.lemmas]
    if word not in lowered or lowered.index(word) >= NAMES or word not in syn.lemmas:
        return False
    own = wn.senses(word)
    if not sum(s.count for s in own) and any(base != word for base in wn.lemmas_of(word)):
        return False  # "sang" is sing's past before it is ginseng
    if not inflected and _irregular(wn, word):
        return False  # "said" is say's past before it is "aforesaid" (opposites may keep left)
    ranks = [s for s in own if s.synset.key[0] == key[0]]
    if not any(s.synset.key == key for s in ranks[:senses]):
        return False
    return vet_words._dominant_pos(own) == key[0]


def wordnet_pairs(wn: WordNet, words: set[str]) -> Iterable[tuple[str, str, str]]:
    """(relation, start, end) from WordNet's pointers, both words in `words`."""

    def names(key: str, only: int = 0, senses: int = 1) -> list[str]:
        lemmas = wn.synsets[key].lemmas
        picked = [lemmas[only - 1]] if only else list(lemmas)
        return [w for w in picked if w in words and _salient(wn, w, key, senses, inflected=only > 0)]

    values: dict[str, set[str]] = {}  # attribute synset -> adjectives that are its values
    for key, syn in wn.synsets.items():
        for (sym, target, src), tgt in zip(syn.pointers, syn.targets, strict=True):
            if sym == "!":
                for a in names(key, src, SENSES):
                    for b in names(target, tgt, SENSES):
                        yield "opposite", a, b
            elif sym == "&" and key[0] == "a":
                for a in names(key, 0, SENSES):
                    for b in names(target, 0, SENSES):
                        yield "like", a, b
            elif sym in ("%p", "%m", "%s") and syn.lexname not in UNDRAWN:
                relation = {"%p": "part", "%m": "member", "%s": "material"}[sym]
                for whole in names(key):
                    for piece in names(target):
                        yield (relation, piece, whole) if sym == "%s" else (relation, whole, piece)
            elif sym == "=" and key[0] == "a":
                values.setdefault(target, set()).update(names(key))
    for adjectives in values.values():
        for a in sorted(adjectives):
            for b in sorted(adjectives):
                if a < b:
                    yield "scale", a, b
    # Opposite clusters: an adjective head's similar-to satellites stand against the head it
    # is the antonym of, and that head against them (icy, chilly against hot; cold against torrid).
    for key, syn in wn.synsets.items():
        if key[0] != "a":
            continue
        for sym, target, _ in syn.pointers:
            if sym != "!" or wn.synsets[target].key[0] != "a" or key > target:
                continue
            near = [key] + [t for s2, t, _ in syn.pointers if s2 == "&"]
            far = [target] + [t for s2, t, _ in wn.synsets[target].pointers if s2 == "&"]
            for x in near:
                for y in far:
                    if x != key and y != target:
                        continue  # two satellites: forty (cardinal) against tenth (ordinal)
                    for a in names(x, 0, SENSES if x == key else 1):
                        for b in names(y, 0, SENSES if y == target else 1):
                            yield "opposite", a, b
    # Sorts: a noun (or verb) and one of its kinds one or two steps down (bird: wren); and
    # names of one meaning (the word's first sense, one of the first NAMES names: sack, bag).
    for key, _syn in wn.synsets.items():
        if key[0] not in "nv":
            continue
        tops = names(key)
        if not tops:
            continue
        level, below = [key], []
        for _ in range(SORT_DEPTH):
            level = [t for k in level for sym, t, _ in wn.synsets[k].pointers if sym == "~"]
            below += level
        for t in below if key[0] == "n" else ():  # verbs' sorts read badly (move: buoy)
            for b in names(t):
                for a in tops:
                    yield "sort", a, b
        same = [w for w in tops if w in wn.index]
        for a in same:
            for b in same:
                if a < b:
                    yield "same", a, b
    # Kinds: two nouns (or verbs) whose main senses sit at most KINDS_DEPTH steps under one
    # specific synset (one with at most KINDS_MAX hyponyms all told).
    for _key, syn in wn.synsets.items():
        if syn.lexname not in KINDS_FILES:
            continue
        level = [_key]
        below: list[str] = []
        depth = KINDS_DEPTH if syn.lexname in LIVING else 1
        for _ in range(depth):
            level = [t for k in level for sym, t, _ in wn.synsets[k].pointers if sym == "~"]
            below += level
        if not below or len(below) > (KINDS_MAX if depth > 1 else KINDS_MAX_THINGS):
            continue
        heads = sorted({w for t in below for w in names(t)})
        for a in heads:
            for b in heads:
                if a < b:
                    yield "kinds", a, b


def _root_keys(wn: WordNet, pos: str = "n") -> dict[str, str]:
    """CLASS_ROOTS (ACT_ROOTS for verbs) as synset key -> class name; a root WordNet lacks
    stops the build."""
    out = {}
    for lemma, starts in CLASS_ROOTS if pos == "n" else ACT_ROOTS:
        keys = [
            s.synset.key
            for s in wn.senses(lemma)
            if s.synset.key[0] == pos and s.synset.gloss.startswith(starts)
        ]
        if not keys:
            raise SystemExit(f"class root {lemma!r} ({starts!r}...) is not in WordNet")
        out[keys[0]] = lemma
    return out


def class_members(wn: WordNet, words: Iterable[str], pos: str = "n") -> dict[str, set[str]]:
    """Class name -> the words of `words` that are its members (see the docstring: class;
    with pos "v", acts)."""
    roots = _root_keys(wn, pos)
    other = "v"
    members: dict[str, set[str]] = {}
    for w in sorted(words):
        own = wn.senses(w)
        senses = [s for s in own if s.synset.key[0] == pos]
        if not senses or _irregular(wn, w):
            continue
        first = senses[0]
        if w not in first.synset.lemmas[:NAMES]:
            continue
        main = vet_words._dominant_pos(own)
        if main != pos and not (pos == "n" and main == other and first.count > 0):
            continue  # "low" is no weather, "draw" no valley, "sail" no doing; "duck" is a bird
        if first.synset.key in roots:
            continue  # a class's own name (bird, garment, emotion) is no member of a wider one
        above = wn.ancestors(first.synset.key)
        direct = {t for sym, t, _ in first.synset.pointers if sym in ("@", "@i")}
        for root in above & roots.keys():
            if roots[root] in BROAD_CLASSES and root in direct:
                continue  # straight under "animal" sit male, female and giant: roles, not beasts
            members.setdefault(roots[root], set()).add(w)
    return members


def class_pairs(wn: WordNet, words: Iterable[str]) -> Iterable[tuple[str, str, str]]:
    """("class", a, b) for two members of one class, ("acts", a, b) for two verbs of one
    doing, a < b."""
    for relation, pos in (("class", "n"), ("acts", "v")):
        for group in class_members(wn, words, pos).values():
            for a in sorted(group):
                for b in sorted(group):
                    if a < b and len(a) == len(b):
                        yield relation, a, b


def compound_pairs(wn: WordNet, words: set[str], vocabulary: Iterable[str]) -> Iterable[tuple[str, str, str]]:
    """("join", a, b) for a compound a+b of the print vocabulary (see the docstring: join)."""

    def tagged_content(word: str) -> bool:
        own = wn.senses(word)
        if any("used in combination" in s.synset.gloss for s in own):
            return False  # mid-, self-
        uses = sum(s.count for s in own if s.synset.key[0] in "nva")
        return bool(own) and vet_words._dominant_pos(own) in "nva" and uses >= COMPOUND_USES

    for w in sorted(vocabulary):
        half = len(w) // 2
        a, b = w[:half], w[half:]
        if len(w) % 2 or a not in words or b not in words or w not in wn.index:
            continue
        own = wn.senses(w)
        main = vet_words._dominant_pos(own)
        first = next(s for s in own if s.synset.key[0] == main)
        named = any(
            b in (x.lower() for x in wn.synsets[k].lemmas)
            for k in wn.ancestors(first.synset.key) - {first.synset.key}
        )
        definition = first.synset.gloss.split('"', 1)[0].split(";", 1)[0]
        b_noun = vet_words._dominant_pos(wn.senses(b)) == "n" if b in wn.index else False
        if not named and not (b_noun and b in re.findall(r"[a-z]+", definition)):
            continue
        if tagged_content(a) and tagged_content(b):
            yield "join", a, b


def curated_pairs(path: Path = CURATED) -> list[tuple[str, str, str]]:
    """The curated list's (relation, start, end), in file order; bad relations refused."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 3 or parts[0] not in FRAMES:
            raise SystemExit(f"{path.name}:{n}: want 'RELATION START END' with a known relation: {line!r}")
        out.append((parts[0], parts[1], parts[2]))
    return out


# (A noun with an irregular plural in WordNet's exception list, leaf: leaves, gets no "-s" pair.)
# Endings a relation's frame reads well with ("Teach the DOG to BARK" takes no -s; nouns take
# only the plural; opposites and likenesses may be verbs).
NOUN_ENDINGS = ("s",)
INFLECTED = dict.fromkeys(
    (
        "kinds",
        "sort",
        "same",
        "part",
        "member",
        "material",
        "home",
        "from",
        "stow",
        "feed",
        "grows",
        "made",
        "pair",
        "on",
        "class",
    ),
    NOUN_ENDINGS,
) | dict.fromkeys(("opposite", "like", "scale", "acts"), ("s", "ed", "ing"))
VOWELS = set("aeiou")


def regular_forms(base: str) -> dict[str, set[str]]:
    """The regular -s, -ed and -ing forms of `base` (English spelling rules: boxes, cries,
    hoped, stopped, hoping; no doubling after two vowels or before w, x, y)."""
    if base.endswith(("s", "x", "z", "ch", "sh")):
        plural = {base + "es"}
    elif base.endswith("y") and base[-2:-1] not in VOWELS:
        plural = {base[:-1] + "ies"}
    else:
        plural = {base + "s"}
    if base.endswith("e"):
        ed, ing = {base + "d"}, {base[:-1] + "ing"}
    elif base.endswith("y") and base[-2:-1] not in VOWELS:
        ed, ing = {base[:-1] + "ied"}, {base + "ing"}
    else:
        ed, ing = {base + "ed"}, {base + "ing"}
        last = base[-1]
        if (
            len(base) >= 3
            and last not in VOWELS | set("wxy")
            and base[-2] in VOWELS
            and base[-3] not in VOWELS
        ):
            ed.add(base + last + "ed")
            ing.add(base + last + "ing")
    return {"s": plural, "ed": ed, "ing": ing}


def inflections(wn: WordNet, words: set[str]) -> dict[str, dict[str, list[str]]]:
    """base -> ending -> the words of `words` that are that regular form of it (lions: lion
    + s; hates is hate + s, never hat + es): a related pair of bases gives a related pair of
    like forms (lions, bears), where both are words of one length."""
    out: dict[str, dict[str, list[str]]] = {}
    for w in sorted(words):
        for base in wn.lemmas_of(w):
            if base == w:
                continue
            for ending, made in regular_forms(base).items():
                if w in made:
                    out.setdefault(base, {}).setdefault(ending, []).append(w)
    return out


def _inflects_as(wn: WordNet, relation: str, a: str, b: str, ending: str) -> bool:
    """True if the `ending` forms of a related pair of bases are related the same way: an
    adjective pair has no such forms (kind and mean are opposites; KINDS and MEANS are not),
    so opposites, likenesses and scales inflect only where both bases are mostly verbs (all
    endings: PUSHED, PULLED) or mostly nouns (the plural: BOYS, GIRLS)."""
    if relation not in ("opposite", "like", "scale"):
        return True
    kinds = {vet_words._dominant_pos(wn.senses(a)), vet_words._dominant_pos(wn.senses(b))}
    return kinds == {"v"} or (kinds == {"n"} and ending == "s")


FORM_CLASSES = ("ed", "ing", "er", "est", "verb_s", "odd_plural")
ODD_PLURAL_GAP = 2.0  # a plural this much rarer (zipf) than its noun is an odd plural (golds)


def _pos_bases(wn: WordNet, word: str, pos: str) -> list[str]:
    """Base forms of `word` (other than itself) that WordNet has in part of speech `pos`."""
    return [b for b in wn.lemmas_of(word) if b != word and any(p == pos for p, _ in wn.index.get(b, ()))]


def _mostly(wn: WordNet, word: str, pos: str) -> bool:
    senses = wn.senses(word)
    return bool(senses) and vet_words._dominant_pos(senses) == pos


def _comparatives(base: str) -> tuple[set[str], set[str]]:
    """The regular -er and -est spellings of an adjective (bigger, later, happier)."""
    if base.endswith("e"):
        return {base + "r"}, {base + "st"}
    if base.endswith("y") and base[-2:-1] not in VOWELS:
        return {base[:-1] + "ier"}, {base[:-1] + "iest"}
    er, est = {base + "er"}, {base + "est"}
    if (
        len(base) >= 3
        and base[-1] not in VOWELS | set("wxy")
        and base[-2] in VOWELS
        and base[-3] not in VOWELS
    ):
        er.add(base + base[-1] + "er")
        est.add(base + base[-1] + "est")
    return er, est


def form_class(wn: WordNet, word: str, familiar: set[str], zipf: dict[str, float]) -> str | None:
    """The inflected form an end word is, for clean practice ends (see the module docstring),
    or None: 'ed', 'ing' (a regular form of a verb, unless the word is mostly a noun in its own
    right: wedding, evening); 'er' (a comparative WordNet does not list as a word of its own,
    or a person named from a verb that children do not know as a word of its own: reaper,
    lender, but farmer, teacher); 'est' (a superlative, never forest); 'verb_s' (the -s form
    of a word mostly used as a verb: eats, sits, lies); 'odd_plural' (a plural of a noun whose
    irregular plural is ten times as frequent, leafs beside leaves, or that is ODD_PLURAL_GAP
    rarer than the noun, as of a mass noun: golds)."""
    own_noun = _mostly(wn, word, "n") and sum(s.count for s in wn.senses(word)) > 0
    for ending in ("ed", "ing"):
        if word.endswith(ending) and not own_noun:
            if any(word in regular_forms(b)[ending] for b in _pos_bases(wn, word, "v")):
                return ending
    listed_base = [b for b in wn.exceptions["a"].get(word, ()) if b != word]  # bigger: big
    graded = word not in wn.index or bool(listed_base)  # never forest, guest, bother
    for base in _pos_bases(wn, word, "a") if graded else ():
        er, est = _comparatives(base)
        if word in est:
            return "est"
        if word in er:
            return "er"
    nouns = [s for s in wn.senses(word) if s.synset.key[0] == "n"]
    person = bool(nouns) and nouns[0].synset.lexname == "noun.person"
    if word.endswith("er") and person and word not in familiar:
        stems = {word[:-2], word[:-1]}
        if len(word) > 4 and word[-3] == word[-4]:
            stems.add(word[:-3])
        if word.endswith("ier"):
            stems.add(word[:-3] + "y")
        if any(st in wn.index and any(p == "v" for p, _ in wn.index[st]) for st in stems if len(st) >= 2):
            return "er"
    if word.endswith("s"):
        for b in wn.lemmas_of(word):
            if b == word or word not in regular_forms(b)["s"]:
                continue
            if _mostly(wn, b, "v"):
                return "verb_s"
            if _mostly(wn, b, "n"):
                irregular = [f for f, bs in wn.exceptions["n"].items() if b in bs and f not in (b, word)]
                usual = any(zipf.get(f, 0.0) >= zipf.get(word, 0.0) + 1.0 for f in irregular)
                if usual or zipf.get(b, 0.0) - zipf.get(word, 0.0) >= ODD_PLURAL_GAP:
                    return "odd_plural"
    return None


def one_apart(a: str, b: str) -> bool:
    return sum(x != y for x, y in zip(a, b, strict=True)) <= 1


def build(wn: WordNet) -> dict[str, object]:
    """Everything the data file holds."""
    ends = end_words()
    ancestors: dict[str, set[str]] = {}
    notend: dict[str, str] = {}
    listed = listed_forms(wn, profanity_list(), *_lexicon_sets())
    harm = harm_list()
    grown = harm_list(GROWN)
    grammar = vet_words.parse_word_lists(FUNCTION.read_text(encoding="utf-8"))[0]
    for w in sorted(ends):
        if w in grammar or function_word(wn, w):
            notend[w] = "function"
        else:
            if crude_word(wn, w, ancestors):
                notend[w] = "crude"
            elif second_sense(wn, w, ancestors):
                notend[w] = "second"
            elif listed_word(wn, w, listed, ancestors):
                notend[w] = "listed"
            elif harm_word(wn, w, harm):
                notend[w] = "harm"
            elif harm_word(wn, w, grown):
                notend[w] = "grown"
    usable = {w for w in ends if w not in notend}
    chosen: dict[frozenset[str], tuple[str, str, str]] = {}
    dropped = Counter()

    def add(relation: str, a: str, b: str, source: str) -> None:
        if a not in usable or b not in usable or len(a) != len(b):
            return
        if a == b or one_apart(a, b) or a.startswith(b) or b.startswith(a):
            return
        key = frozenset((a, b))
        if key not in chosen:  # curated first, then WordNet in a fixed order of relations
            chosen[key] = (relation, a, b)

    forms = inflections(wn, usable)
    irregular = {base for form, bases in wn.exceptions["n"].items() for base in bases if base != form}
    bases = set(forms) | usable
    curated = curated_pairs()
    order = (
        "opposite",
        "scale",
        "part",
        "material",
        "member",
        "kinds",
        "sort",
        "like",
        "same",
        "class",
        "acts",
        "join",
    )
    found = set(wordnet_pairs(wn, bases)) | set(class_pairs(wn, bases))
    found |= set(compound_pairs(wn, usable, print_vocabulary()))
    found = sorted(found, key=lambda r: (order.index(r[0]), r[1], r[2]))
    for source, pairs in (("curated", curated), ("wordnet", found)):
        for relation, a, b in pairs:
            if relation in SYMMETRIC and a > b and source == "wordnet":
                a, b = b, a
            if a in usable and b in usable:
                add(relation, a, b, source)
            else:
                dropped[source] += 1
            for ending, one in forms.get(a, {}).items():
                if ending not in INFLECTED.get(relation, ()) or not _inflects_as(wn, relation, a, b, ending):
                    continue
                if INFLECTED[relation] == NOUN_ENDINGS and {a, b} & irregular:
                    continue  # leaf's plural is leaves: "leafs" reads as the verb
                for other in forms.get(b, {}).get(ending, ()):
                    for x in one:
                        add(relation, x, other, source)
    from generator.words.lexicon import load

    lex = load()
    familiar = {w for w in usable if lex.familiar(w)}
    zipf = {w: lex.zipf(w) for n in range(MIN_LENGTH, MAX_LENGTH + 1) for w in lex.words("standard", n)}
    forms = {w: f for w in sorted(usable) if (f := form_class(wn, w, familiar, zipf))}
    return {
        "pairs": sorted(chosen.values(), key=lambda r: (len(r[1]), r[0], r[1], r[2])),
        "notend": notend,
        "dropped": dropped,
        "forms": forms,
    }


def render(built: dict[str, object]) -> bytes:
    pairs = built["pairs"]
    notend = built["notend"]
    assert isinstance(pairs, list) and isinstance(notend, dict)
    counts = Counter(r for r, _, _ in pairs)
    lines = [
        "# parlour Doublets: related end pairs and words that are no end.",
        "# Generated by scripts/build_relations.py from the packaged lexicon, Princeton WordNet 3.0",
        "# (Debian wordnet-base) and scripts/curated_relations.txt (written for parlour). Do not edit",
        "# by hand; rebuild. How each relation is found is in the script's docstring.",
        "#",
        "# Format: RELATION START END (one length, in the order the prompt reads them), then",
        "# '@notend CLASS WORD...' lines: words printed as links but never a puzzle's end; then",
        "# '@form CLASS WORD...' lines: ends that are inflected forms (ed, ing, er, est, verb_s,",
        "# odd_plural; see form_class), which a daily's practice puzzles leave out.",
        f"# Class 'listed' reads the profanity list of {PROFANITY_SOURCE}.",
        "#",
        "# Pairs per relation: " + ", ".join(f"{r} {n}" for r, n in sorted(counts.items())),
        "# Pairs per length: "
        + ", ".join(
            f"{n} letters {sum(len(a) == n for _, a, _ in pairs)}" for n in range(MIN_LENGTH, MAX_LENGTH + 1)
        ),
        "#",
        "# WordNet licence: WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.",
        "#   Permission to use, copy, modify and distribute this software and database and its",
        "#   documentation for any purpose and without fee or royalty is hereby granted, provided",
        "#   that the copyright notice and these statements appear on ALL copies (see",
        "#   generator/data/LICENSE-wordlists.txt and /usr/share/doc/wordnet-base/copyright).",
        "#   THE NAME OF PRINCETON UNIVERSITY OR PRINCETON MAY NOT BE USED IN ADVERTISING OR",
        "#   PUBLICITY PERTAINING TO DISTRIBUTION OF THE SOFTWARE AND/OR DATABASE.",
    ]
    lines += [f"{r} {a} {b}" for r, a, b in pairs]
    for cls in NOTEND_CLASSES:
        words = sorted(w for w, c in notend.items() if c == cls)
        for i in range(0, len(words), 12):
            lines.append(f"@notend {cls} " + " ".join(words[i : i + 12]))
    forms = built["forms"]
    assert isinstance(forms, dict)
    for cls in FORM_CLASSES:
        words = sorted(w for w, c in forms.items() if c == cls)
        for i in range(0, len(words), 12):
            lines.append(f"@form {cls} " + " ".join(words[i : i + 12]))
    return ("\n".join(lines) + "\n").encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument("--check", action="store_true", help="exit 1 if the shipped file is stale")
    args = parser.parse_args(argv)
    if why := wordnet_db.missing():
        print(why, file=sys.stderr)
        return 2
    built = build(WordNet())
    data = render(built)
    if args.check:
        return build_files.check(args.output, data, "scripts/build_relations.py")
    args.output.write_bytes(data)
    pairs = built["pairs"]
    assert isinstance(pairs, list)
    print(f"wrote {args.output} ({len(data)} bytes, {len(pairs)} pairs)")
    for r, n in sorted(Counter(r for r, _, _ in pairs).items()):
        print(f"  {r:10s} {n:6d}")
    notend = built["notend"]
    assert isinstance(notend, dict)
    print("  notend: " + ", ".join(f"{c} {n}" for c, n in sorted(Counter(notend.values()).items())))
    print(
        "  dropped (length or vocabulary): "
        + ", ".join(f"{s} {n}" for s, n in sorted(built["dropped"].items()))
    )  # type: ignore[union-attr]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
