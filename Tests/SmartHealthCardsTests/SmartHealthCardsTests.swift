// Tests for SmartHealthCards.
