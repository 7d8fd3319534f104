"""A Puerto Diablo edition compiled into flat tables, built once per Game, and the codec.

Characters, abilities (by title), tall tales, log cards and harbours are numbered by their
position in the edition. Per character: the symbols of each side as counts per type
(``side_symbols[c][side][k]``), its doubloons per side, price, nation and faction (party
indices: nations first, then factions; -1 none), fears as a bit mask of symbol types, male
or not, starting set (0: none). Per harbour side: a bit mask of prohibited types, the
surcharge and the limit of resolvers.
"""

from __future__ import annotations

from ludoteca.core.codec import Codec, Space
from ludoteca.games.puertodiablo.actions import (
    AbilityCard,
    Assign,
    Buy,
    CharacterCard,
    Choose,
    ChooseParty,
    ChooseSeat,
    ChooseSet,
    ChooseSymbol,
    ChooseWeather,
    Commit,
    Cover,
    DealtCharacter,
    Decline,
    Die,
    Discard,
    DonePurchase,
    Draft,
    FirstPilot,
    Helper,
    Hunt,
    Leave,
    LogCard,
    LostAbility,
    NoHunt,
    Offer,
    OfferByAbility,
    PlayAbility,
    PlayFirst,
    Reorder,
    RollOff,
    Seek,
    SendAshore,
    SpendTreasure,
    StartAbility,
    StartCharacter,
    StartDone,
    Stay,
    TakeCheapest,
    TellTale,
    TreasureCard,
    Voyage,
    WantToPlay,
)
from ludoteca.games.puertodiablo.edition import MOST_PEEK, PuertoDiabloEdition

MOST_SEATS = 5
VOYAGE = (2, 3, 4, 5)
"""The harbour numbers of the voyage, in order."""
LEFT, RIGHT = 0, 1
MARKET_SLOTS = 8  # 4 characters, then 4 abilities
MOST_SYMBOLS = 30  # what one offer or assignment can name (5 characters x 2 sides x 3)


class Tables:
    """The edition as flat tables (see the module docstring) and the codec."""

    def __init__(self, edition: PuertoDiabloEdition) -> None:
        g = edition.general
        self.edition = edition
        self.symbols: tuple[str, ...] = tuple(g.symbols.value)
        self.symbol_names: tuple[str, ...] = tuple(g.symbol_names.value)
        self.sym_index = {s: i for i, s in enumerate(self.symbols)}
        self.parties: tuple[str, ...] = tuple(g.nations.value + g.factions.value)
        self.party_names: tuple[str, ...] = tuple(g.nation_names.value + g.faction_names.value)
        self.party_index = {p: i for i, p in enumerate(self.parties)}
        self.num_nations = len(g.nations.value)
        self.die_faces = g.die_faces.value
        self.market_chars = g.market_characters.value
        self.market_abis = g.market_abilities.value
        self.purchase_limit = g.purchase_limit.value
        self.level_two_at = g.level_two_at.value
        self.help_allowance = {int(k): v.value for k, v in g.market_help.items()}
        k = len(self.symbols)
        # Characters.
        chars = edition.characters
        self.num_chars = len(chars)
        self.char_names = tuple(c.name for c in chars)
        self.char_ids = tuple(c.id for c in chars)
        self.price = tuple(c.price for c in chars)
        self.side_symbols: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(getattr(c, side).symbols.count(s) for s in self.symbols)
                  for side in ("left", "right")) for c in chars)
        self.doubloons = tuple((c.left.doubloons, c.right.doubloons) for c in chars)
        # Per character and cover (``state.cover``: bit 0 the left side covered, bit 1 the
        # right), the symbols of each type and the doubloons on its open sides: the sums
        # the tall tales, the budget and the challenge counts need at every purchase and
        # offer, looked up rather than redone.
        self.open_side_symbols = tuple(
            tuple(tuple((0 if cover & 1 else left[i]) + (0 if cover & 2 else right[i])
                        for i in range(k)) for cover in range(4))
            for left, right in self.side_symbols)
        self.open_doubloons = tuple(
            tuple((0 if cover & 1 else left) + (0 if cover & 2 else right)
                  for cover in range(4)) for left, right in self.doubloons)
        self.nation = tuple(self.party_index[c.nation] if c.nation else -1 for c in chars)
        self.faction = tuple(self.party_index[c.faction] if c.faction else -1 for c in chars)
        self.fears = tuple(sum(1 << self.sym_index[f] for f in c.fears) for c in chars)
        self.male = tuple(c.gender == "M" for c in chars)
        self.char_set = tuple(c.start_set or 0 for c in chars)
        # Abilities (titles).
        abis = edition.abilities
        self.num_abis = len(abis)
        self.abi_names = tuple(a.name for a in abis)
        self.abi_price = tuple(a.price for a in abis)
        self.abi_level2 = tuple(a.level == "II" for a in abis)
        self.abi_treasure = tuple(a.treasure for a in abis)
        self.abi_copies = tuple(a.copies for a in abis)
        self.abi_fk_symbols = tuple(
            sum(1 << self.sym_index[s] for s in a.foreknowledge.symbols) for a in abis)
        self.abi_moments = tuple(frozenset(a.moments) for a in abis)
        self.abi_effect = tuple(tuple(a.effect) for a in abis)
        self.abi_fk_fear = tuple(self.sym_index[a.foreknowledge.fear]
                                 if a.foreknowledge.fear else -1 for a in abis)
        self.abi_fk_faction = tuple(a.foreknowledge.faction for a in abis)
        self.abi_fk_doubloons = tuple(a.foreknowledge.doubloons for a in abis)
        # Die table as (count, least roll) pairs, highest count first (the supplement:
        # a count above the largest printed key uses that key).
        self.abi_die = tuple(tuple(sorted(((int(k), v) for k, v in a.die_table.items()),
                                          reverse=True)) for a in abis)
        # Starting sets: 1..n, characters and abilities (one copy of each title named).
        sets = sorted({c.start_set for c in chars if c.start_set} |
                      {s for a in abis for s in a.start_sets})
        self.num_sets = len(sets)
        self.set_numbers: tuple[int, ...] = tuple(sets)
        self.set_chars = tuple(tuple(i for i, c in enumerate(chars) if c.start_set == s)
                               for s in sets)
        self.set_abis = tuple(tuple(i for i, a in enumerate(abis) if s in a.start_sets)
                              for s in sets)
        # Tall tales.
        tales = edition.tall_tales
        self.num_tales = len(tales)
        self.tale_names = tuple(t.name for t in tales)
        self.tale_symbol = tuple(self.sym_index[t.symbol] for t in tales)
        self.tale_needed = tuple(t.needed for t in tales)
        self.tale_vp = tuple(t.vp for t in tales)
        # Log cards.
        log = edition.log
        self.num_log = len(log)
        self.log_names = tuple(c.name or f"{c.weather} weather" for c in log)
        self.log_ids = tuple(c.id for c in log)
        self.log_is_weather = tuple(c.kind == "weather" for c in log)
        self.log_foul = tuple(c.weather == "foul" for c in log)
        self.log_party = tuple(self.party_index[c.party] if c.party else -1 for c in log)
        self.opening = next(i for i, c in enumerate(log) if c.opening)
        self.challenge_symbols = tuple(
            sum(1 << self.sym_index[s] for s in c.symbols) for c in log)
        self.consequence = tuple(tuple(c.consequence) for c in log)
        # Harbours.
        hs = edition.harbours
        self.num_harbours = len(hs)
        self.harbour_names = tuple(h.name for h in hs)
        self.harbour_number = tuple(h.number for h in hs)
        self.prohibited = tuple(
            tuple(sum(1 << self.sym_index[s] for s in getattr(h, side).prohibited)
                  for side in ("fair", "foul")) for h in hs)
        self.surcharge = tuple(tuple(getattr(h, side).surcharge for side in ("fair", "foul"))
                               for h in hs)
        self.max_resolvers = tuple(
            tuple(getattr(h, side).max_resolvers for side in ("fair", "foul")) for h in hs)
        self.harbours_numbered = {n: tuple(i for i, h in enumerate(hs) if h.number == n)
                                  for n in VOYAGE}
        self.all_symbols = (1 << k) - 1
        # Treasures (the expansion): symbol mask, die tables per weather as (count, least
        # roll) pairs highest count first, reward doubloons or VP (the other 0).
        trs = edition.treasures
        self.num_treasures = len(trs)
        self.treasure_names = tuple(x.name for x in trs)
        self.treasure_ids = tuple(x.id for x in trs)
        self.treasure_symbols = tuple(sum(1 << self.sym_index[s] for s in x.symbols)
                                      for x in trs)
        self.treasure_die = tuple(
            tuple(tuple(sorted(((int(n), v) for n, v in getattr(x, side).items()),
                               reverse=True)) for side in ("fair", "foul")) for x in trs)
        self.treasure_money = tuple(x.reward.get("doubloons", 0) for x in trs)
        self.treasure_vp = tuple(x.reward.get("vp", 0) for x in trs)
        self.advanced_budget = g.advanced_budget.value

        nc, na = self.num_chars, self.num_abis
        self.codec = Codec(
            actions=[
                Space(ChooseSet, starting_set=range(1, max(self.num_sets, 1) + 1)),
                Space(SendAshore, character=range(nc)),
                Space(TakeCheapest, character=range(nc)),
                Space(Offer, symbols=range(MOST_SYMBOLS + 1)),
                Space(Assign, symbols=range(MOST_SYMBOLS + 1)),
                Space(Helper, slot=range(self.market_chars)),
                Space(Commit, character=range(nc), side=range(2), symbols=range(1, 7)),
                Space(Choose, character=range(nc)),
                Space(Cover, character=range(nc), side=range(2)),
                Space(Discard, ability=range(na)),
                Space(TellTale, tale=range(self.num_tales)),
                Space(Buy, slot=range(self.market_chars + self.market_abis)),
                DonePurchase,
                Space(PlayAbility, ability=range(na), character=range(nc)),
                Decline,
                Leave,
                Stay,
                # Appended, so that the ids of the actions above stay as they were.
                Space(ChooseParty, party=range(len(self.parties))),
                Space(ChooseWeather, foul=range(2)),
                Space(ChooseSeat, seat=range(MOST_SEATS)),
                # The options' actions come last, so that the base game's ids stay.
                Space(Hunt, character=range(nc), treasure=range(max(self.num_treasures, 1))),
                NoHunt,
                Space(Seek, character=range(nc)),
                Space(SpendTreasure, treasure=range(max(self.num_treasures, 1))),
                Space(Draft, character=range(nc)),
                Space(StartCharacter, slot=range(self.market_chars)),
                Space(StartAbility, ability=range(na)),
                StartDone,
                # The pilot's assignment with symbols from ability cards (R60, R63).
                Space(OfferByAbility, symbols=range(MOST_SYMBOLS + 1)),
                Space(ChooseSymbol, symbol=range(k)),
                # Who plays first, and a peek put back in order (appended: the ids above stay).
                WantToPlay,
                Space(PlayFirst, seat=range(MOST_SEATS)),
                Space(Reorder, position=range(MOST_PEEK)),
            ],
            outcomes=[
                Space(FirstPilot, seat=range(MOST_SEATS)),
                Space(Voyage, harbour=range(self.num_harbours)),
                Space(LogCard, card=range(self.num_log)),
                Space(CharacterCard, character=range(nc)),
                Space(AbilityCard, ability=range(na)),
                Space(LostAbility, ability=range(na)),
                Space(Die, face=range(1, self.die_faces + 1)),
                Space(TreasureCard, treasure=range(max(self.num_treasures, 1))),
                Space(DealtCharacter, character=range(nc)),
                Space(RollOff, seat=range(MOST_SEATS)),
            ],
        )
        enc = self.codec.encode
        eo = self.codec.encode_outcome
        self.choose_set_id = tuple(enc(ChooseSet(s + 1)) for s in range(self.num_sets))
        self.ashore_id = tuple(enc(SendAshore(c)) for c in range(nc))
        self.cheapest_id = tuple(enc(TakeCheapest(c)) for c in range(nc))
        self.offer_id = tuple(enc(Offer(n)) for n in range(MOST_SYMBOLS + 1))
        self.assign_id = tuple(enc(Assign(n)) for n in range(MOST_SYMBOLS + 1))
        self.helper_id = tuple(enc(Helper(s)) for s in range(self.market_chars))
        self.commit_id = tuple(tuple(tuple(enc(Commit(c, side, n)) for n in range(1, 7))
                                     for side in range(2)) for c in range(nc))
        self.choose_id = tuple(enc(Choose(c)) for c in range(nc))
        self.cover_id = tuple(tuple(enc(Cover(c, side)) for side in range(2)) for c in range(nc))
        self.discard_id = tuple(enc(Discard(a)) for a in range(na))
        self.tale_id = tuple(enc(TellTale(t)) for t in range(self.num_tales))
        self.buy_id = tuple(enc(Buy(s)) for s in range(self.market_chars + self.market_abis))
        self.done_id = enc(DonePurchase())
        self.play_id = tuple(tuple(enc(PlayAbility(a, c)) for c in range(nc)) for a in range(na))
        self.decline_id = enc(Decline())
        self.leave_id = enc(Leave())
        self.stay_id = enc(Stay())
        self.party_id = tuple(enc(ChooseParty(p)) for p in range(len(self.parties)))
        self.weather_id = tuple(enc(ChooseWeather(f)) for f in range(2))
        self.seat_id = tuple(enc(ChooseSeat(s)) for s in range(MOST_SEATS))
        self.pilot_outcome = tuple(eo(FirstPilot(s)) for s in range(MOST_SEATS))
        self.voyage_outcome = tuple(eo(Voyage(h)) for h in range(self.num_harbours))
        self.log_outcome = tuple(eo(LogCard(c)) for c in range(self.num_log))
        self.char_outcome = tuple(eo(CharacterCard(c)) for c in range(nc))
        self.abi_outcome = tuple(eo(AbilityCard(a)) for a in range(na))
        self.lost_outcome = tuple(eo(LostAbility(a)) for a in range(na))
        self.die_outcome = tuple(eo(Die(f)) for f in range(1, self.die_faces + 1))
        nt = self.num_treasures
        self.hunt_id = tuple(tuple(enc(Hunt(c, x)) for x in range(nt)) for c in range(nc))
        self.no_hunt_id = enc(NoHunt())
        self.seek_id = tuple(enc(Seek(c)) for c in range(nc))
        self.spend_id = tuple(enc(SpendTreasure(x)) for x in range(nt))
        self.treasure_outcome = tuple(eo(TreasureCard(x)) for x in range(nt))
        self.draft_id = tuple(enc(Draft(c)) for c in range(nc))
        self.start_char_id = tuple(enc(StartCharacter(s)) for s in range(self.market_chars))
        self.start_abi_id = tuple(enc(StartAbility(a)) for a in range(na))
        self.start_done_id = enc(StartDone())
        self.dealt_outcome = tuple(eo(DealtCharacter(c)) for c in range(nc))
        self.rolloff_outcome = tuple(eo(RollOff(s)) for s in range(MOST_SEATS))
        self.by_ability_id = tuple(enc(OfferByAbility(n)) for n in range(MOST_SYMBOLS + 1))
        self.symbol_id = tuple(enc(ChooseSymbol(x)) for x in range(k))
        self.want_id = enc(WantToPlay())
        self.first_id = tuple(enc(PlayFirst(s)) for s in range(MOST_SEATS))
        self.reorder_id = tuple(enc(Reorder(i)) for i in range(MOST_PEEK))
