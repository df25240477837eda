"""Decide parlour's print vocabulary at lexicon-build time (used by scripts/build_lexicon.py).

The policy (also written at the top of generator/data/lexicon.txt and in scripts/README.md):
a word of the standard tier is printed only if no rule below puts it out. The first rule that
fires names the category recorded for the word.

- curated: on generator/data/not_puzzle_ends.txt (fragments, letter names, interjections,
  name-like and unwelcome words read by eye).
- vulgar, slur, sexual, excretory: ANY salient WordNet sense of the word (or of its base form:
  bras -> bra, tokes -> toke) is labelled obscene/vulgar or ethnic slur/disparaging (usage
  domain pointers ';u' or the gloss), or sits under a sexual, intimate-clothing or excretory
  synset (hypernym closure), or its gloss says so (see _salient). For sexual and excretory
  the word must also name the meaning outright (_named): "ball" is the fourth name of the
  testicle synset and stays, "mate" second of copulate's four; "snot" is the only name of
  nasal mucus and goes. Crude company (second pass): a word heading a sexual synset whose
  other names are mostly blocked, vulgar or slurs goes too, whatever the sense's rank.
- drugs, violence (crime, killing, weapons), slang, archaic, abbreviation: the word's MAIN
  sense (WordNet's most frequent sense of any part of speech; of the word's own senses when
  it has SALIENT_COUNT tagged uses of its own, so "shot" is not "shoot") is of that kind: "pot" and "weed"
  stay (their main senses are a pan and a plant), "toke", "thug" and "kidnap" go.
- abbreviation also covers lowercase entries of SCOWL's abbreviation lists (tech, intro).
- dated, abbreviation (curated): a word on scripts/dated_words.txt or scripts/clipped_words.txt,
  or a regular inflection of one (listed_form: its longest WordNet base form is listed). Each
  list has its written policy at its head. The clipped list's '@keep' words (vet, pop, prop,
  orb) and their inflections are spared the two clipped-word methods above (SCOWL's
  abbreviation lists, clipped_form), never any other rule.
- name: SCOWL ranks the lowercase word outside its core (size >= NAME_SIZE), and either
  WordNet's tagged uses of it are all of a capitalised sense (japan: Japan), or it is also
  a name or capitalised word in SCOWL's proper-names and upper lists (sizes <= 50: Dale) and its wordfreq zipf less
  NAME_DISCOUNT (for the name's share of that frequency) falls below the print floor.
- name (inflated): SCOWL also lists the word as a personal name (`shadowed`: proper-names
  lists up to size 80: Glen, Earl, Tiff), its most frequent inflection is its plural, the
  singular outruns that plural by more than the NAME_GAP_SHARE quantile of plain nouns of
  its SCOWL size (words SCOWL never writes with a capital; measured in the same build: a
  name adds to the singular only), and nothing shows the word in use without the name: its
  plural is under the print floor, WordNet builds no lowercase compound on it (water lily,
  red fox), its glosses use it in fewer than GLOSS_USES other synsets, and it is no closed
  compound of two familiar words (hometown). Whatever its SCOWL size: glen is a core word.
- contraction: the word is an everyday contraction without its apostrophe (SCOWL's
  contraction lists, the standard sizes: can't, won't) and the contraction is at least
  CONTRACTION_GAP zipf more frequent than the bare word, which then reads as a misspelling:
  cant (4.35; can't 5.80). Measured over the print vocabulary, the next gaps are 0.78 (wed:
  we'd), 0.75 (id) and 0.71 (ill), real words that stay; well, were, shell and hell are far
  more frequent than we'll, we're, she'll and he'll.
- rare: zipf below PRINT_ZIPF, unless zipf >= CORE_ZIPF and SCOWL puts it in its core
  sizes (<= CORE_SIZE).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet

from wordnet_db import Sense, WordNet

PRINT_ZIPF = 3.0
CORE_ZIPF = 2.5
CORE_SIZE = 35
NAME_DISCOUNT = 1.0
NAME_SIZE = 40  # the name rule applies where SCOWL itself ranks the lowercase word past its core
SALIENT_SENSES = 4
NAME_USES = 2
NAMED_MAX = 3
CRUDE = ("blocked", "vulgar", "slur")
CRUDE_COMPANY = 2  # crude synonyms that make a sense "crude company" (see crude_company)
SALIENT_COUNT = 3
NAME_GAP_SHARE = 0.75  # quantile of plain nouns' singular-over-plural zipf gap (name_inflated)
GLOSS_USES = 10  # WordNet glosses using a word this often show it in use (name_inflated)
COMPOUND_PART = 3  # shortest part of a closed compound (home+town) in name_inflated

CATEGORIES = (
    "curated",
    "family",
    "vulgar",
    "slur",
    "sexual",
    "excretory",
    "drugs",
    "violence",
    "slang",
    "archaic",
    "dated",
    "abbreviation",
    "contraction",
    "name",
    "rare",
)
CONTRACTION_GAP = 1.0  # a bare form is out when its contraction is this much more frequent (zipf)
ANY_SENSE = ("vulgar", "slur", "sexual", "excretory")
DATED_OTHER_USES = 5  # a dated first sense puts a word out unless its other senses have this many tagged uses
FAMILIAR_SPARES = ("dated",)  # the WordNet categories a familiar word is spared (and 'rare')
MAIN_SENSE = ("drugs", "violence", "slang", "archaic", "abbreviation")
NAMED_ONLY = ("sexual", "excretory")  # see _named

# Usage-domain synsets (';u' targets) per category.
USAGE = {
    "vulgar": {"n07124340"},  # obscenity, smut, vulgarism
    "slur": {"n06718862", "n06717170"},  # ethnic slur; disparagement
    "slang": {"n07157273"},  # slang, cant, jargon
    "archaic": {"n07073447"},  # archaism
    "dated": {"n07073447", "n07155661", "n07156497"},  # archaism; dialect; regionalism
    "abbreviation": {"n07091902", "n07091587"},  # acronym; abbreviation
}
# Root synsets: a sense under one of these (hypernym closure) is of the category.
ROOTS = {
    "sexual": {
        "n00844254",  # sexual activity
        "n05513302",  # sex organ
        "n05514081",  # genitalia
        "n14037619",  # sexual arousal
        "n07487955",  # sexual desire
        "n07487695",  # sex, sexual urge
        "n00747215",  # pornography
        "n00748155",  # prostitution
        "n10485440",  # prostitute
        "n04508163",  # undergarment
        "n03673450",  # lingerie
        "v01428871",  # copulate
        "v01762301",  # arouse sexually
    },
    "excretory": {
        "n14853947",  # body waste
        "n05415395",  # mucus
        "n14855992",  # vomit
        "n14035695",  # flatulence
        "v00074038",  # defecate
        "v00072586",  # urinate
        "v00072012",  # urinate
    },
    "drugs": {
        "n03808564",  # narcotic
        "n03097890",  # controlled substance
        "n03492717",  # hard drug
        "n03248958",  # drug of abuse (but see EXEMPT: drinks and tobacco)
        "n10035952",  # drug addict
        "v01200458",  # use recreational drugs
    },
    "violence": {
        "n00766234",  # crime
        "n00965404",  # violence
        "n00219012",  # killing (act)
        "n07361576",  # killing (event)
        "n09977660",  # criminal
        "n04565375",  # weapon
        "n00759694",  # terrorism
        "n01163779",  # execution
        "n00222485",  # suicide
        "v01323976",  # kill
        "v00069879",  # injure, wound
        "v01471061",  # kidnap
    },
}
# Synsets under a root that are not of its category (checked on the same hypernym closure).
EXEMPT = {
    "drugs": {"n07884567", "n04442831"},  # alcoholic drinks (wine, beer); tobacco
}
GLOSS = {
    "excretory": re.compile(
        r"through the anus|into the rectum|\b(rectal|feces|faeces|fecal|faecal|excrement)\b"
    ),
    "vulgar": re.compile(
        r"\bobscene\b|\(vulgar|\bvulgar (term|word|slang)|^(\w+ly )?(vulgar|lewd|indecent)\b"
    ),  # a gloss opening "(humorously) vulgar": the word describes vulgar things
    "slur": re.compile(
        r"\(offensive|offensive (term|name|word|slang)|derogatory|disparag\w*|\bslur\b|contemptuous term"
    ),
    "sexual": re.compile(r"\bsexual(ly)?\b|\bgenital|\bpenis|\bvagina|pornograph|\bprostitut|\bcopulat"),
    "drugs": re.compile(
        r"\b(narcotics?|marijuana|cannabis|cocaine|heroin|opium|hallucinogen\w*|recreational drugs?"
        r"|illegal drugs?)\b"
    ),
    "violence": re.compile(
        r"\b(kill(s|ed|ing|er|ers)?|murder\w*|violent|criminals?|stab(s|bed|bing)?|tortur\w*"
        r"|bloodshed|rape)\b"
    ),
    "slang": re.compile(r"\(slang\)|\bslang (term|word|expression|for)"),
    "archaic": re.compile(r"^\((archaic|obsolete)\b|^(archaic|obsolete)\b"),
    "dated": re.compile(
        r"\((archaic|obsolete|poetic|literary|dialect|scottish|scots|regional|old use)\b"
        r"|^(archaic|obsolete|poetic|literary)\b",
        re.IGNORECASE,
    ),
    "abbreviation": re.compile(r"^\(?(abbreviation|acronym) for\b"),
}


def _kind(wn: WordNet, sense: Sense, category: str, ancestors: dict[str, set[str]]) -> bool:
    syn = sense.synset
    word_only = category in MAIN_SENSE and len(syn.lemmas) > 2  # a label for one name of many
    if any(t in USAGE.get(category, ()) for t in wn.usage_domains(sense, word_only)):
        return True
    roots = ROOTS.get(category)
    if roots:
        above = ancestors.get(syn.key)
        if above is None:
            above = ancestors[syn.key] = wn.ancestors(syn.key)
        if above & roots and not above & EXEMPT.get(category, set()):
            return True
    pattern = GLOSS.get(category)
    if category == "violence" and not (syn.lexname == "noun.person" or syn.key[0] == "v"):
        return False  # a gloss naming violence marks its doers and deeds, not things
    return bool(pattern and pattern.search(syn.gloss.split('"', 1)[0]))


def _lowercase(sense: Sense) -> bool:
    """False if the word is written only with a capital in this synset (a name: 'Ball')."""
    syn = sense.synset
    return sense.position < len(syn.lemmas) and syn.lemmas[sense.position].islower()


def _named(sense: Sense, n_senses: int) -> bool:
    """True if the word names this meaning outright: it heads the synset (WordNet's first
    word for it), or the synset has at most NAMED_MAX names, or this is the word's only
    sense. "copulate" heads the synset where "mate" is second of four, so mate stays;
    "ball" is fourth of the testicle synset's names; "panty" means nothing else."""
    return sense.position == 0 or len(sense.synset.lemmas) <= NAMED_MAX or n_senses == 1


def _salient(sense: Sense, n_senses: int, total: int, dominant: str, pos_uses: int) -> bool:
    """True if a reader would think of this sense: the word has few senses, this is one of
    the first two of its part of speech, and the word is used in that part of speech at all
    (`pos_uses` tagged uses; or it has none in any): not "stale" (urinate, of horses: an
    untagged verb beside a tagged adjective); or this one is the most frequent of the word's
    main part of speech; or it holds a tenth of the tagged uses (and SALIENT_COUNT)."""
    return (
        (n_senses <= SALIENT_SENSES and sense.rank <= 1 and (pos_uses > 0 or total == 0))
        or (sense.rank == 0 and sense.synset.key[0] == dominant)
        or (sense.count >= SALIENT_COUNT and sense.count * 10 >= total)
    )


def _dominant_pos(senses: list[Sense]) -> str:
    """The part of speech with the most tagged uses (most senses if none is tagged)."""
    tally: dict[str, tuple[int, int]] = {}
    for s in senses:
        c, n = tally.get(s.synset.key[0], (0, 0))
        tally[s.synset.key[0]] = (c + s.count, n + 1)
    return max(sorted(tally), key=lambda p: tally[p])


def mostly_a_name(wn: WordNet, word: str) -> bool:
    """True if WordNet knows the word (with its base forms) both as a name and as a common
    word, and mostly as the name: at least NAME_USES tagged uses, every one of a capitalised
    sense (japan: Japan). Words WordNet only has capitalised (a, it, said) are left alone:
    that is WordNet's gap, not a name."""
    every = [s for lemma in wn.lemmas_of(word) for s in wn.senses(lemma)]
    caps = [s for s in every if not _lowercase(s)]
    lower = [s for s in every if _lowercase(s)]
    if not caps or not lower:
        return False
    cap_uses, lower_uses = sum(s.count for s in caps), sum(s.count for s in lower)
    return cap_uses >= NAME_USES and lower_uses == 0


def wordnet_category(
    wn: WordNet, word: str, ancestors: dict[str, set[str]], skip: AbstractSet[str] = frozenset()
) -> str | None:
    """The first WordNet-based category that puts `word` out of print, or None; categories in
    `skip` are not tried (a familiar word is spared 'dated': steed)."""
    senses = [s for lemma in wn.lemmas_of(word) for s in wn.senses(lemma) if _lowercase(s)]
    if not senses:
        return None
    total = sum(s.count for s in senses)
    dominant = _dominant_pos(senses)
    uses: Counter[str] = Counter()  # tagged uses per part of speech
    for s in senses:
        uses[s.synset.key[0]] += s.count
    salient = [s for s in senses if _salient(s, len(senses), total, dominant, uses[s.synset.key[0]])]
    own = [s for s in wn.senses(word) if _lowercase(s)]
    if sum(s.count for s in own) >= SALIENT_COUNT:
        judged = own  # a word with uses of its own is judged by them: "shot" is not "shoot"
    else:
        judged = senses
    own_dominant = _dominant_pos(judged)
    main = [max(judged, key=lambda s: (s.count, s.synset.key[0] == own_dominant, -s.rank))]
    for category in CATEGORIES:
        if category in skip:
            continue
        if category == "dated":
            # the first sense of a part of speech the word is mostly used in is archaic,
            # poetic or dialect, and its other senses are hardly used (sire, hither)
            dated = [s for s in judged if s.rank == 0 and _kind(wn, s, "dated", ancestors)]
            if dated and any(s.synset.key[0] == own_dominant for s in dated):
                other = sum(s.count for s in judged if s not in dated)
                if other < DATED_OTHER_USES:
                    return category
            continue
        if category in ANY_SENSE:
            named = category in NAMED_ONLY
            if any(_kind(wn, s, category, ancestors) for s in salient if not named or _named(s, len(senses))):
                return category
        elif category in MAIN_SENSE:
            if any(_kind(wn, s, category, ancestors) for s in main):
                return category
    return None


def _base_forms(wn: WordNet, word: str) -> set[str]:
    """The longest base forms of an inflected word WordNet does not list itself (abortions ->
    abortion; dunes -> dune, not dun); none for a word WordNet lists (weed is not wee + d)."""
    if word in wn.index:
        return set()
    bases = [b for b in wn.lemmas_of(word) if b != word]
    if not bases:
        return set()
    longest = max(len(b) for b in bases)
    return {b for b in bases if len(b) == longest}


def vet(
    words: Iterable[str],
    zipf: Mapping[str, float],
    scowl_size: Mapping[str, int],
    names: set[str],
    abbreviations: set[str],
    curated: set[str],
    wordnet: WordNet | None,
    progress: Callable[[str], None] | None = None,
    blocked: Iterable[str] = (),
    shadowed: AbstractSet[str] = frozenset(),
    capitalised: AbstractSet[str] = frozenset(),
    contractions: Mapping[str, float] | None = None,
    dated: AbstractSet[str] = frozenset(),
    clipped: AbstractSet[str] = frozenset(),
    kept: AbstractSet[str] = frozenset(),
    familiar: AbstractSet[str] = frozenset(),
    family: AbstractSet[str] = frozenset(),
) -> dict[str, str]:
    """Return word -> category for every word of `words` that is NOT printable (`blocked`:
    the blocklist, words never in the lexicon at all, read for crude_company; `shadowed`:
    words SCOWL also lists as personal names, judged by name_inflated; `capitalised`: every
    word SCOWL writes with a capital somewhere, left out of the plain nouns of
    plural_gap_limits; `contractions`: bare form -> zipf of its contraction, for
    contraction_like; `dated`, `clipped`: the curated lists scripts/dated_words.txt and
    scripts/clipped_words.txt, whose words and their regular inflections are "dated" and
    "abbreviation"; `kept`: that file's '@keep' words, which the clipped-word methods spare;
    `familiar`: the listed words children know (familiar_words' spared), spared the 'rare'
    floor and WordNet's 'dated' label, and nothing else; `family`: scripts/family_words.txt, whose words and their
    regular inflections are "family": death, violence, crime, drink or sin, plainly named)."""
    out: dict[str, str] = {}
    ancestors: dict[str, set[str]] = {}
    plain = set(words)
    limits = (
        plural_gap_limits(wordnet, plain, zipf, scowl_size, capitalised | shadowed)
        if wordnet and shadowed
        else {}
    )
    for word in sorted(words):
        category: str | None = None
        if word in curated or (wordnet is not None and curated & _base_forms(wordnet, word)):
            category = "curated"  # the word, or its base form (abortions -> abortion)
        if category is None and listed_form(wordnet, word, family):
            category = "family"
        if category is None and wordnet is not None:
            category = wordnet_category(wordnet, word, ancestors, FAMILIAR_SPARES if word in familiar else ())
        if category is None and listed_form(wordnet, word, dated):
            category = "dated"
        if category is None and listed_form(wordnet, word, clipped):
            category = "abbreviation"
        spared = word in kept or (wordnet is not None and bool(kept & set(wordnet.lemmas_of(word))))
        past_core = scowl_size.get(word, 99) >= NAME_SIZE
        if category is None and wordnet is not None and past_core and mostly_a_name(wordnet, word):
            category = "name"
        if category is None and word in abbreviations and not spared:
            category = "abbreviation"
        if category is None and wordnet is not None and not spared and clipped_form(wordnet, word, zipf):
            category = "abbreviation"
        z = zipf[word]
        if category is None and contraction_like(word, zipf, contractions or {}):
            category = "contraction"
        if category is None and word in names and past_core and z - NAME_DISCOUNT < PRINT_ZIPF:
            category = "name"
        if category is None and wordnet is not None and limits and word in shadowed:
            if name_inflated(wordnet, word, zipf, limits, scowl_size, plain):
                category = "name"
        if category is None and word not in familiar and not clears_floor(z, scowl_size.get(word, 99)):
            category = "rare"
        if category is not None:
            out[word] = category
    if wordnet is not None:  # second pass: crude company (needs every word's first verdict)
        verdicts = {**dict.fromkeys(blocked, "blocked"), **out}
        for word in sorted(words):
            if word not in out and crude_company(wordnet, word, verdicts, ancestors):
                out[word] = "sexual"
    return out


def _plurals(word: str) -> set[str]:
    """The regular plural spellings a word may take (oats, boxes, babies, leaves)."""
    out = {word + "s", word + "es"}
    if word.endswith("y"):
        out.add(word[:-1] + "ies")
    if word.endswith("f"):
        out.add(word[:-1] + "ves")
    if word.endswith("fe"):
        out.add(word[:-2] + "ves")
    return out


def familiar_words(
    wn: WordNet | None,
    words: AbstractSet[str],
    listed: AbstractSet[str],
    zipf: Mapping[str, float],
    scowl_size: Mapping[str, int],
) -> tuple[set[str], set[str]]:
    """(familiar, spared): the words of `words` a child knows, and those of them spared the
    'rare' floor. Familiar: a word on `listed` (the Dale-Chall list and
    scripts/familiar_words.txt) or the singular of a listed plural (oat: oats; baby: babies),
    which are the
    spared ones; or a regular inflection of one (one of its longest WordNet base forms other
    than itself is listed: cats, bigger, singed, as Dale and Chall counted them) that clears
    the print floor itself (so no calfs, wolfs or automobiled)."""
    spared = {w for w in words if w in listed or _plurals(w) & listed}
    out = set(spared)
    for w in words - spared:
        if wn is None or not clears_floor(zipf[w], scowl_size.get(w, 99)):
            continue
        bases = [b for b in wn.lemmas_of(w) if b != w]
        if bases:
            longest = max(len(b) for b in bases)
            if {b for b in listed & {b for b in bases if len(b) == longest} if not _irregular_form(wn, b)}:
                out.add(w)
    return out, spared


def _irregular_form(wn: WordNet, word: str) -> bool:
    """True if WordNet's exception lists make `word` an irregular form of another word (fell:
    fall). A listed past tense lends its look-alike no familiar forms: fells (hills) is no
    form of fell (fall)."""
    return any(b != word for exc in wn.exceptions.values() for b in exc.get(word, ()))


def parse_word_lists(text: str) -> tuple[set[str], set[str]]:
    """The words of a curated list file (scripts/dated_words.txt, clipped_words.txt): one
    lowercase word a line, '#' starts a comment; returns (listed, kept), the words before and
    after a line '@keep'."""
    listed: set[str] = set()
    kept: set[str] = set()
    into = listed
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line == "@keep":
            into = kept
        elif line:
            if not re.fullmatch(r"[a-z]+", line):
                raise ValueError(f"not a lowercase word: {line!r}")
            into.add(line)
    return listed, kept


def listed_form(wn: WordNet | None, word: str, listed: AbstractSet[str]) -> bool:
    """True if the word is on a curated list, or is a regular inflection of a listed word: one
    of its longest WordNet base forms is listed (lasses -> lass, hewing -> hew; not waning,
    whose longest base is wane, not wan; not yes, which WordNet lists as a word of its own)."""
    if not listed:
        return False
    if word in listed:
        return True
    return wn is not None and bool(listed & _base_forms(wn, word))


def contraction_like(word: str, zipf: Mapping[str, float], contractions: Mapping[str, float]) -> bool:
    """True if `word` is a contraction without its apostrophe (`contractions`: bare form ->
    the contraction's zipf) and the contraction is CONTRACTION_GAP more frequent: cant reads
    as a misspelt can't; well (we'll) and ill (i'll) are words first."""
    c = contractions.get(word)
    return c is not None and c >= zipf.get(word, 0.0) + CONTRACTION_GAP


CLIPPED_EXTRA = 2  # a full form is at least this many letters longer than the clipped one
CLIPPED_MARGIN = 0.2  # ... and this much more frequent (zipf): exam stays beside examination
# A longer name that is the word plus one of these is a derivation, not the word's full form
# (chair: chairman, gather: gathering, dread: dreadful, fig: figure).
SUFFIXES = frozenset(
    "s es ed ing er ers or ors ful ly ment ness ance ence ity ism ist man men woman person ure al "
    "ic ical ian ion ship hood like y ish ous able ible ive ette let age ery ation ition tion ent ant ling"
    " ue te e me et le ty".split()
)


def clipped_form(wn: WordNet, word: str, zipf: Mapping[str, float]) -> str | None:
    """The full form a clipped word stands for, if one is more frequent (CLIPPED_MARGIN) than
    the clipped word and is no derivation of it (SUFFIXES): one of the word's first two senses (of its own lemma or, for an inflection WordNet
    does not list, of its base: subs -> sub) has another one-word name that starts with the
    word and runs CLIPPED_EXTRA letters longer (temp: temporary, corp: corporation, doc:
    doctor). A clipped word more frequent than its full form is the everyday word (photo,
    exam, gym, lab, taxi) and stays."""
    # an irregular form is judged by its base ("lit" is light's past before it is literature),
    # a word WordNet lists by itself ("modest" is no superlative of "mod"), the rest by morphy
    irregular = sorted({b for exc in wn.exceptions.values() for b in exc.get(word, ()) if b != word})
    lemmas = irregular or ([word] if word in wn.index else wn.lemmas_of(word))
    for lemma in lemmas:
        own = zipf.get(lemma, zipf.get(word, 0.0))
        for s in wn.senses(lemma):
            if s.rank > 1 or not _lowercase(s):
                continue
            for full in s.synset.lemmas:
                if (
                    full.isalpha()
                    and full.islower()
                    and full.startswith(lemma)
                    and len(full) >= len(lemma) + CLIPPED_EXTRA
                    and full[len(lemma) :] not in SUFFIXES
                    and not (full[len(lemma)] == lemma[-1] and full[len(lemma) + 1 :] in SUFFIXES)
                    and zipf.get(full, 0.0) >= own + CLIPPED_MARGIN
                ):
                    return full
    return None


def crude_company(
    wn: WordNet, word: str, verdicts: Mapping[str, str], ancestors: dict[str, set[str]]
) -> bool:
    """True if the word (or its base form) heads a synset, of any rank, that is sexual and most
    of the synset's other one-word names are crude (blocked, vulgar or slur; `verdicts`):
    "aroused" shares "feeling great sexual desire" with horny and randy (both blocked). A word
    known mostly in that company reads that way, however WordNet ranks the sense."""
    for lemma in wn.lemmas_of(word):
        for s in wn.senses(lemma):
            if s.position != 0:
                continue  # the word heads the synset: WordNet's first word for that meaning
            others = [w.lower() for w in s.synset.lemmas if "_" not in w and w.lower() != lemma]
            crude = [w for w in others if verdicts.get(w) in CRUDE]
            if len(crude) >= CRUDE_COMPANY and 2 * len(crude) >= len(others):
                if _kind(wn, s, "sexual", ancestors) or _kind(wn, s, "vulgar", ancestors):
                    return True
    return False


def _inflections(word: str) -> set[str]:
    """Regular inflections of `word` (plural, verb forms, comparatives), spelled by rule;
    callers keep those WordNet's morphy reads back to the word."""
    forms = {word + e for e in ("s", "es", "ed", "d", "ing", "er", "est")}
    forms |= {word + word[-1] + e for e in ("ed", "ing", "er", "est")}  # rob -> robbed
    if word.endswith("y"):
        forms |= {word[:-1] + e for e in ("ies", "ied", "ier", "iest")}
    if word.endswith("e"):
        forms |= {word[:-1] + e for e in ("ing", "er", "est")}
    return forms - {word}


def lead_plural(wn: WordNet, word: str, zipf: Mapping[str, float]) -> str | None:
    """The word's plural, if that is its most frequent inflection among the lexicon's words
    (`zipf`; forms wordfreq never saw do not count): glen -> glens. None when a verb or
    adjective form leads (rob -> robbed) or the lexicon holds no inflection of it."""
    forms = [f for f in sorted(_inflections(word)) if zipf.get(f, 0) > 0 and word in wn.lemmas_of(f)]
    if not forms:
        return None
    lead = max(forms, key=lambda f: (zipf[f], f))
    plurals = (word + "s", word + "es", word[:-1] + "ies" if word.endswith("y") else "")
    return lead if lead in plurals else None


def clears_floor(z: float, size: int) -> bool:
    """True if a word of zipf `z` and SCOWL size `size` clears the print floor: PRINT_ZIPF,
    or CORE_ZIPF for SCOWL's core sizes (<= CORE_SIZE)."""
    return z >= PRINT_ZIPF or (z >= CORE_ZIPF and size <= CORE_SIZE)


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def plural_gap_limits(
    wn: WordNet,
    words: set[str],
    zipf: Mapping[str, float],
    scowl_size: Mapping[str, int],
    capitalised: AbstractSet[str],
) -> dict[int, float]:
    """Per SCOWL size, the NAME_GAP_SHARE quantile of zipf(singular) - zipf(plural) over the
    plain nouns of that size: words of `words` SCOWL never writes with a capital (not in
    `capitalised`) that clear the print floor,
    whose plural is their leading inflection. A name adds to the singular alone, so a
    shadowed noun far past this gap owes its frequency to the name."""
    gaps: dict[int, list[float]] = {}
    for word in sorted(words):
        if word in capitalised or not clears_floor(zipf[word], scowl_size.get(word, 99)):
            continue
        plural = lead_plural(wn, word, zipf)
        if plural is not None:
            gaps.setdefault(scowl_size.get(word, 99), []).append(zipf[word] - zipf[plural])
    return {size: _quantile(g, NAME_GAP_SHARE) for size, g in sorted(gaps.items())}


def _closed_compound(word: str, words: set[str], zipf: Mapping[str, float]) -> bool:
    """True if the word joins two familiar words of COMPOUND_PART letters or more (home +
    town): a reader knows it from its parts, whatever a name adds to its count."""
    return any(
        a in words and b in words and min(zipf[a], zipf[b]) >= PRINT_ZIPF
        for a, b in ((word[:i], word[i:]) for i in range(COMPOUND_PART, len(word) - COMPOUND_PART + 1))
    )


def name_inflated(
    wn: WordNet,
    word: str,
    zipf: Mapping[str, float],
    limits: Mapping[int, float],
    scowl_size: Mapping[str, int],
    words: set[str],
) -> bool:
    """True if a name (or capitalised word) makes the word look commoner than it is: its
    plural leads its inflections, the singular outruns the plural by more than plain nouns
    of its SCOWL size do (`limits`, from plural_gap_limits), and no evidence free of the
    name shows it in use: the plural under the print floor, no lowercase WordNet compound
    on it, fewer than GLOSS_USES other synsets' glosses using it or its plural, and not a
    closed compound of two familiar words. glen (glens 2.66, no compound, 1 gloss) is out;
    daisy (a small gap), holly (19 compounds) and fox (foxes 3.42) stay."""
    plural = lead_plural(wn, word, zipf)
    if plural is None or zipf[plural] >= PRINT_ZIPF:
        return False
    limit = limits.get(scowl_size.get(word, 99))
    if limit is None or zipf[word] - zipf[plural] <= limit:
        return False
    if wn.compounds_with(word):
        return False
    own = {s.synset.key for lemma in wn.lemmas_of(word) for s in wn.senses(lemma)}
    if len((wn.gloss_synsets(word) | wn.gloss_synsets(plural)) - own) >= GLOSS_USES:
        return False
    return not _closed_compound(word, words, zipf)
