//! The games: the four of the sources and the two reference games, each a
//! [`Rules`](crate::Rules) declaration with its rules in rustdoc.

mod al_manqala;
mod bohnenspiel;
mod djenon_aboure;
mod kalah;
mod oware;
mod tihbat;

pub use al_manqala::{AlManqala, AlManqalaPosition, AL_MANQALA};
pub use bohnenspiel::{
    Bohnenspiel, BohnenspielPosition, Hemprich, Partie, BOHNENSPIEL, BOHNENSPIEL_HEMPRICH,
};
pub use djenon_aboure::{DjenonAboure, DjenonAbourePosition, DJENON_ABOURE};
pub use kalah::{Kalah, KalahVariant, KALAH};
pub use oware::{Oware, OWARE};
pub use tihbat::{Tihbat, TihbatChain, TihbatPosition, TIHBAT, TIHBAT_CHAIN};
