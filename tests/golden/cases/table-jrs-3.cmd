# Juurlink, Rao, Sibeyn, Table 3 (highdimgos' choices and the best cubgos' on n x n x n tori) from checked schedules.
table jrs-3
