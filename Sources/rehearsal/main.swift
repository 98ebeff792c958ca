print("rehearsal")
