//! The four documented games' numbered rules, a module for each game, each
//! rule a named test on a concrete board. One test binary, so that the suite
//! links once.

#[path = "../common/mod.rs"]
mod common;

mod al_manqala;
mod bohnenspiel;
mod djenon_aboure;
mod tihbat;
