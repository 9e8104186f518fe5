//! Nothing here: see `benches/oware_peer.rs`.
