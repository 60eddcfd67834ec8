"""The Napoleonic area battle (NAP): its board, its tables and, as the third rule set, its engine."""
