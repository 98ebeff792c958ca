print("rehearsal-bench")
