import GreetingCatalog
import RehearsalCLI

RehearsalCLI.main(catalog: greetingCatalog)
