//! Copies of the game state into an earlier copy. A step that could ask a
//! question copies the state first (BS-8.4, `script::run`); copying into the previous
//! step's copy reuses its memory, so the piles, cores and ledger are copied without
//! allocating. Every field is named, so a new field cannot be left out.

use super::game::State;
use super::script::ScriptState;

impl State {
    /// Makes this state equal to `source`, reusing its memory.
    pub(crate) fn copy_from(&mut self, source: &Self) {
        let State {
            config,
            seed,
            decks,
            catalogue_hash,
            rng,
            cards,
            zones,
            cores,
            ledger,
            turn,
            active,
            first,
            phase,
            battle,
            mulligans_used,
            unsupported_reported,
            triggers,
            losses,
            log,
            answers,
            answered,
            burst_set_turn,
            scripts,
            braves,
            brave_moves,
        } = source;
        // What rarely or never changes in a game is copied only when it differs.
        if self.config != *config {
            self.config = config.clone();
        }
        if self.unsupported_reported != *unsupported_reported {
            self.unsupported_reported = unsupported_reported.clone();
        }
        self.seed = *seed;
        self.decks = decks.clone();
        self.catalogue_hash.clone_from(catalogue_hash);
        self.rng = rng.clone();
        self.cards.clone_from(cards);
        self.zones.clone_from(zones);
        self.cores.clone_from(cores);
        self.ledger.clone_from(ledger);
        self.turn = *turn;
        self.active = *active;
        self.first = *first;
        self.phase = phase.clone();
        self.battle = battle.clone();
        self.mulligans_used = *mulligans_used;
        self.triggers = triggers.clone();
        self.losses.clone_from(losses);
        self.log = log.clone();
        self.answers = answers.clone();
        self.answered = *answered;
        self.burst_set_turn = *burst_set_turn;
        self.scripts.copy_from(scripts);
        self.braves.clone_from(braves);
        self.brave_moves.clone_from(brave_moves);
    }
}

impl ScriptState {
    /// Makes this state equal to `source`, reusing its memory.
    pub(crate) fn copy_from(&mut self, source: &Self) {
        let ScriptState {
            modifiers,
            once,
            subs,
            pending,
            destroyed_this_turn,
            step,
            end_battle,
            end_attack_step,
            activated,
            battle_destruction,
            zero_bp_destruction,
            watch_queue,
            destroying_source,
            being_destroyed,
            constant_reported,
            battle_join,
            battle_magic,
            uses,
            silenced,
            destroyed_to_hand,
            destruction_replaced,
            magic_to_hand,
            ascended,
        } = source;
        // Sets that change a few times a turn are copied only when they differ.
        for (to, from) in [
            (&mut self.once, once),
            (&mut self.activated, activated),
            (&mut self.constant_reported, constant_reported),
        ] {
            if to != from {
                to.clone_from(from);
            }
        }
        self.modifiers.clone_from(modifiers);
        self.subs.clone_from(subs);
        self.pending.clone_from(pending);
        self.destroyed_this_turn.clone_from(destroyed_this_turn);
        self.step = *step;
        self.end_battle = *end_battle;
        self.end_attack_step = *end_attack_step;
        self.battle_destruction = *battle_destruction;
        self.zero_bp_destruction = *zero_bp_destruction;
        self.watch_queue.clone_from(watch_queue);
        self.destroying_source = *destroying_source;
        self.being_destroyed.clone_from(being_destroyed);
        self.battle_join.clone_from(battle_join);
        self.battle_magic.clone_from(battle_magic);
        self.uses.clone_from(uses);
        self.silenced.clone_from(silenced);
        self.destroyed_to_hand.clone_from(destroyed_to_hand);
        self.destruction_replaced.clone_from(destruction_replaced);
        self.magic_to_hand = *magic_to_hand;
        self.ascended.clone_from(ascended);
    }
}
