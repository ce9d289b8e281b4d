print("synthesize-captures: not built yet")
