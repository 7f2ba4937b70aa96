import StorefrontCommand

StorefrontCommand.main()
