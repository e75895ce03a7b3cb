// Placeholder so the package builds on this branch; the store work replaces it.
