import HealthCLI

await HealthCommand.main()
