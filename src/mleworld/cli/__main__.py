from mleworld.cli import main

main()
