from fortress.cli import main

main()
