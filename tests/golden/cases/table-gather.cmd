# Bhatt et al., Section 3: shoulder tapping and transmission certification against NRF, the bounds, the (5)-optimum and Theorem 3.
table gather
