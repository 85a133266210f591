search scatter --topology path:30
