print("render-specimen: not built yet")
