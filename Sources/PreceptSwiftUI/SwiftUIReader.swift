import Precept
