//! The four games, each a short composition of the [`primitives`](crate::primitives).

mod al_manqala;
mod bohnenspiel;
mod djenon_aboure;
mod tihbat;

pub use al_manqala::{AlManqala, AlManqalaPosition};
pub use bohnenspiel::{Bohnenspiel, BohnenspielPosition, Partie};
pub use djenon_aboure::{DjenonAboure, DjenonAbourePosition};
pub use tihbat::{Tihbat, TihbatPosition};
