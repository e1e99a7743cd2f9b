package tui

// practice is the practice of a review's mistakes.
type practice struct{}
