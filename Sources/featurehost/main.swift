print("featurehost")
