//! The vocabulary's tests: one named test per item of the declaration
//! vocabulary, each on a concrete board in standard notation (`items`: the
//! first round, issue 11; the others: the second round, issue 21, a module
//! for each part). One test binary, so that the suite links once.

#[path = "../common/mod.rs"]
mod common;

mod barred_return;
mod captures;
mod child_places;
mod children;
mod cleared;
mod combinations;
mod cross_from_either_row;
mod directions;
mod ends;
mod goals;
mod items;
mod lap_capture;
mod opening;
mod picks;
mod relay_continues;
mod rounds;
mod slams_only;
mod sowing;
mod start;
mod store_pass;
mod store_place;
mod territory;
mod territory_owner;
