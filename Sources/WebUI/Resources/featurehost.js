/* featurehost client script: see docs/web-surface.md (live protocol). */
