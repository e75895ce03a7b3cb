// \(t) placeholder
