module ox88

go 1.26
